import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadPrerenderedPage } from './app/router';
import { captureInstallPrompt, registerServiceWorker } from './lib/pwa';
import { startThemeWatcher } from './lib/settings';
import './styles/global.css';

// The theme of the settings dialog applies to every screen, from the first paint.
startThemeWatcher();
// The installable app: keep the install prompt for a polite moment; the worker registers after load.
captureInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
);
if (container.firstElementChild) {
  // A page the build prerendered (client/src/prerender): it is on screen already. Hydrating it in a
  // transition lets React do the work in short slices, so a tap or a scroll is never kept waiting.
  // Its screen's code is loaded first, so hydration never suspends while the page can be tapped.
  void preloadPrerenderedPage(location.pathname).then(() =>
    startTransition(() => {
      hydrateRoot(container, app);
    }),
  );
} else {
  createRoot(container).render(app);
}
