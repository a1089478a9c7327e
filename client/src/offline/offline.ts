import { appText } from '@gogo/shared/messages';
import './offline.css';

/** How often the page checks whether the server can be reached again. */
export const RETRY_MS = 5000;

/**
 * The page the service worker shows when a navigation fails for want of a network. It
 * says why, offers "Try again", and reloads by itself as soon as the server answers again.
 */
function render(root: HTMLElement) {
  root.innerHTML = '';
  const mark = document.createElement('div');
  mark.className = 'offline__mark';
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = '⚄';
  const title = document.createElement('h1');
  title.textContent = appText.offlineTitle;
  const body = document.createElement('p');
  body.textContent = appText.offlineBody;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'offline__retry';
  retry.textContent = appText.offlineRetry;
  retry.addEventListener('click', () => void tryAgain());
  root.append(mark, title, body, retry);
}

async function tryAgain() {
  try {
    const res = await fetch('/api/health', { cache: 'no-store' });
    if (res.ok) window.location.reload();
  } catch {
    // Still offline: the timer tries again.
  }
}

const root = document.getElementById('offline');
if (root) render(root);
window.addEventListener('online', () => void tryAgain());
setInterval(() => void tryAgain(), RETRY_MS);
