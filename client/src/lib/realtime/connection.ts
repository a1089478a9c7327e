// The socket module alone: the API barrel would bring every TypeBox schema into the landing's bundle.
import { WS_LIMITS, WS_PATH, WsCloseCode, type WsServerMessage } from '@gogo/shared/api/socket';

/**
 * The tab's one realtime socket (docs/realtime.md): opened with a token, authenticated by the first
 * message, reopened with exponential backoff and jitter when it drops. While it is not live the
 * pages keep their polling (`useLivePoll`), so nothing is lost when it cannot open.
 *
 * - 'off': no token (signed out).
 * - 'connecting': opening, or reopening after a drop.
 * - 'live': authenticated; pushes arrive.
 * - 'polling': it could not open a few times in a row, or the server refused it for good (a revoked
 *   token, or replaced by the account's newer tabs): the pages poll as they did before the socket.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'polling';

export const BACKOFF = {
  baseMs: 1_000,
  maxMs: 30_000,
  /** Failed openings in a row before the status says 'polling'. */
  fallbackAfter: 3,
} as const;

/** The client pings the server this often; no answer within two of them means a dead connection. */
export const CLIENT_PING_MS = WS_LIMITS.heartbeatMs;

/** The wait before reconnect attempt `attempt` (0-based): doubling, capped, with jitter (50 to 100 %). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Close codes after which reopening with the same token would only be refused (or fight a tab). */
const FINAL_CODES = new Set<number>([WsCloseCode.UNAUTHORIZED, WsCloseCode.REPLACED]);

export interface ConnectionDeps {
  url: () => string;
  createSocket: (url: string) => WebSocket;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${WS_PATH}`;
}

export function createRealtimeConnection(deps: ConnectionDeps) {
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const random = deps.random ?? Math.random;
  const listeners = new Set<() => void>();
  let handler: (message: WsServerMessage) => void = () => {};
  let status: LiveStatus = 'off';
  let token: string | null = null;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retry: unknown = null;
  let pinger: unknown = null;
  let lastHeard = 0;
  /** The token the server refused for good: not tried again until another one comes. */
  let refused: string | null = null;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  };

  function clearTimers() {
    if (retry !== null) clearTimer(retry);
    if (pinger !== null) clearTimer(pinger);
    retry = null;
    pinger = null;
  }

  function drop() {
    const current = socket;
    socket = null;
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    current.close();
  }

  function ping() {
    pinger = setTimer(() => {
      if (!socket) return;
      // Nothing heard for two rounds (the server pings too): the connection is dead, open a new one.
      if (Date.now() - lastHeard > 2 * CLIENT_PING_MS) {
        drop();
        scheduleReconnect();
        return;
      }
      socket.send(JSON.stringify({ type: 'ping' }));
      ping();
    }, CLIENT_PING_MS);
  }

  function scheduleReconnect() {
    clearTimers();
    if (token === null) return setStatus('off');
    setStatus(attempt + 1 >= BACKOFF.fallbackAfter ? 'polling' : 'connecting');
    retry = setTimer(
      () => {
        retry = null;
        open();
      },
      backoffDelay(attempt, random),
    );
    attempt += 1;
  }

  function open() {
    if (token === null) return;
    const sent = token;
    let ws: WebSocket;
    try {
      ws = deps.createSocket(deps.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: sent }));
    ws.onmessage = (event: MessageEvent) => {
      lastHeard = Date.now();
      let message: WsServerMessage;
      try {
        message = JSON.parse(String(event.data)) as WsServerMessage;
      } catch {
        return;
      }
      if (message.type === 'ready') {
        attempt = 0;
        setStatus('live');
        ping();
      }
      handler(message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      if (FINAL_CODES.has(event.code)) {
        // Refused for good with this token: the pages poll; a new sign-in brings a new token.
        refused = token;
        setStatus('polling');
        return;
      }
      scheduleReconnect();
    };
  }

  return {
    status: () => status,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onMessage(fn: (message: WsServerMessage) => void) {
      handler = fn;
    },
    /** Opens (or keeps) the socket for this token; null closes it. */
    use(next: string | null) {
      if (next === token && (socket !== null || retry !== null || refused === next)) return;
      clearTimers();
      drop();
      token = next;
      attempt = 0;
      if (next === null) return setStatus('off');
      setStatus('connecting');
      open();
    },
    /** The browser is back online: try now instead of waiting out the backoff. */
    retryNow() {
      if (token !== null && socket === null) {
        clearTimers();
        open();
      }
    },
  };
}

export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;
