import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, createAppRouter, preloadFirstScreen } from './app/router';
import { appIsReady } from './lib/earlyEvents';
import { captureInstallPrompt, registerServiceWorker } from './lib/pwa';
import { startThemeWatcher } from './lib/settings';
import './styles/global.css';
// Kit styles a prerendered page or a hand-drawn dialog needs at first paint (the landing's icons, the
// auth and landing dialogs' markup): loaded with the entry, not with the component's chunk.
import './components/Icon.css';
import './components/Modal.css';
import './components/Segmented.css';

// The theme of the settings dialog applies to every screen, from the first paint.
startThemeWatcher();
// The installable app: keep the install prompt for a polite moment; the worker registers after load.
captureInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Renders nothing; its effect runs once the first render (a hydration too) is on screen. */
function OnFirstCommit() {
  useEffect(appIsReady, []);
  return null;
}

const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
    <OnFirstCommit />
  </StrictMode>
);
const prerendered = container.firstElementChild !== null;
// The opening screen's code first (app/router.tsx). A prerendered page is on screen meanwhile and
// waits for it; an empty page waits half a second at most, then shows its loading state.
const firstScreen = preloadFirstScreen(location.pathname).catch(() => undefined);
/** Ends the current task: the next step of the start runs in a task of its own. */
const nextTask = () => new Promise((done) => setTimeout(done, 0));
void (prerendered ? firstScreen : Promise.race([firstScreen, new Promise((done) => setTimeout(done, 500))])).then(
  async () => {
    if (prerendered) {
      // The page is on screen and a tap is kept until the app is ready (lib/earlyEvents.ts): the start
      // is cut into short tasks for a slow phone, the modules' evaluation, the router, then hydration,
      // which React does in short slices inside a transition.
      await nextTask();
      createAppRouter();
      await nextTask();
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      createRoot(container).render(app);
    }
  },
);
