import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/errors';
import { fetchHealth } from './api/health';

/** How often the health check runs while the server cannot be reached. */
export const OFFLINE_POLL_MS = 4000;

/** A failure that means "the server cannot be reached" (not a refusal by the server). */
export function isConnectionError(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

/**
 * Online or offline, as far as the game is concerned: offline after a connection failure or the
 * browser's offline event, online again once GET /api/health answers. Nothing is computed locally
 * while offline: the die is disabled.
 */
export function useConnection(onBackOnline: () => void) {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));

  const reportError = useCallback((error: unknown) => {
    if (isConnectionError(error)) setOnline(false);
  }, []);

  useEffect(() => {
    const goOffline = () => setOnline(false);
    const check = () => {
      fetchHealth().then(
        () => setOnline(true),
        () => setOnline(false),
      );
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', check);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', check);
    };
  }, []);

  useEffect(() => {
    if (online) return;
    let stopped = false;
    const timer = setInterval(() => {
      fetchHealth().then(
        () => {
          if (!stopped) setOnline(true);
        },
        () => {},
      );
    }, OFFLINE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [online]);

  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      onBackOnline();
    }
  }, [online, onBackOnline]);

  return { online, reportError };
}
