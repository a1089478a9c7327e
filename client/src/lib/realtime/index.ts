import { useSyncExternalStore } from 'react';
import { createRealtimeConnection, socketUrl, type LiveStatus } from './connection';

export type { LiveStatus } from './connection';

/** The tab's one realtime socket; the app shell (app/RealtimeBridge.tsx) tells it which token to use. */
export const realtime = createRealtimeConnection({
  url: socketUrl,
  createSocket: (url) => new WebSocket(url),
});

if (typeof window !== 'undefined') window.addEventListener('online', () => realtime.retryNow());

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(realtime.subscribe, realtime.status, () => 'off' as const);
}

/**
 * A polling interval that holds only while the socket is not live: pass it as a query's
 * refetchInterval, and the query polls as before whenever the pushes cannot arrive.
 */
export function useLivePoll(ms: number): number | false {
  return useLiveStatus() === 'live' ? false : ms;
}
