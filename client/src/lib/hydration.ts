import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a page the build prerendered (client/src/prerender), true on every later
 * render and on pages rendered in the browser from scratch. Values the build could not know (the
 * signed-in player, the server's settings, the clock) wait for it, so hydration finds the HTML it
 * expects and the page updates right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
