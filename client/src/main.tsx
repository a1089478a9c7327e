import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
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

createRoot(container).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
