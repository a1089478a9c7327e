import { useSyncExternalStore } from 'react';
import { takeEarlyInstallPrompt } from './earlyEvents';
import { storageKeys } from './storage';

/**
 * The installable app: the service worker is registered once the page has loaded and gone
 * idle (never competing with the first paint), and the browser's install prompt is kept for a polite
 * moment: the profile offers it, and /game may offer it after a finished session (useInstallOffer).
 */

/** Chrome's install prompt event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** After "Not now", the offer stays away this long. */
export const INSTALL_SNOOZE_MS = 30 * 86_400_000;

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismissedRecently(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(storageKeys.installDismissed));
    return Number.isFinite(at) && at > 0 && now - at < INSTALL_SNOOZE_MS;
  } catch {
    return false;
  }
}

/** Keeps the browser's install prompt instead of letting it show on its own. Call once at start. */
export function captureInstallPrompt() {
  // A prerendered page's starter may have kept one before this code arrived.
  deferred = (takeEarlyInstallPrompt() as InstallPromptEvent | null) ?? deferred;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

/**
 * After load, the worker waits this long (then for an idle moment) before it registers: its precache
 * download must not compete with the first paint, nor with the engine that /game fetches at start.
 */
export const SW_REGISTER_DELAY_MS = 5000;

/** Registers the service worker after load, a delay and idle time; production builds only. */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    void import('workbox-window').then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register());
  };
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
      else register();
    }, SW_REGISTER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The install offer for a component shown at a polite moment: `available` once the browser allows an
 * install and the player has not said "Not now" lately; `install` shows the browser's own dialog.
 */
export function useInstallOffer() {
  const prompt = useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
  const available = prompt !== null && !dismissedRecently();
  const install = async () => {
    if (!deferred) return;
    const event = deferred;
    deferred = null;
    await event.prompt();
    await event.userChoice.catch(() => null);
    emit();
  };
  const dismiss = () => {
    try {
      localStorage.setItem(storageKeys.installDismissed, String(Date.now()));
    } catch {
      // Storage disabled: the offer simply comes back next time.
    }
    emit();
  };
  return { available, install, dismiss };
}
