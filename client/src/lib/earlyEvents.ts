/**
 * What happened before the app was ready on a prerendered page. Its scripts start after the first
 * paint (server/src/modules/site/html.ts), and the inline starter of client/index.html keeps, until
 * then, the last tap on one of the page's buttons and the browser's install prompt.
 */
interface EarlyEvents {
  /** Set once the app has taken over: the starter stops keeping events. */
  ready: boolean;
  tap: HTMLElement | null;
  installPrompt: Event | null;
}

declare global {
  interface Window {
    gogoEarly?: EarlyEvents;
  }
}

/** The install prompt the browser offered before the app listened for it, if any (taken once). */
export function takeEarlyInstallPrompt(): Event | null {
  const early = window.gogoEarly;
  const event = early?.installPrompt ?? null;
  if (early) early.installPrompt = null;
  return event;
}

/**
 * Called once the prerendered page has hydrated: events go to the app from now on, and a tap kept
 * meanwhile is given to it after the next frame, when the renders that follow hydration (the
 * signed-in player, the server's settings) are on screen. A button those renders removed is skipped.
 */
export function appIsReady(): void {
  const early = window.gogoEarly;
  if (!early || early.ready) return;
  early.ready = true;
  // React draws the signed-in player's buttons now: the starter's mark that hid the visitor's goes.
  document.documentElement.removeAttribute('data-player');
  const tap = early.tap;
  early.tap = null;
  if (!tap) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (tap.isConnected) tap.click();
    }, 0),
  );
}
