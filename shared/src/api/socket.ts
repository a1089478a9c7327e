import type { SocketPushMessage } from './socket-pushes.js';

/**
 * The realtime socket's protocol (docs/realtime.md): `GET /api/ws` upgrades to a WebSocket; the first
 * message is `{"type":"auth","token":...}` within AUTH_TIMEOUT_MS; the server answers `ready` and then
 * pushes `{type, data, at}` messages. Nothing sent on the socket can change a value.
 */
export const WS_PATH = '/api/ws';

export const WS_LIMITS = {
  /** The auth message must arrive within this time after the upgrade. */
  authTimeoutMs: 5_000,
  /** Largest message a client may send (bytes); bigger ones close the socket with 1009. */
  maxClientMessageBytes: 4_096,
  /** Sockets one account may hold at once; a newer one closes the oldest with REPLACED. */
  maxSocketsPerAccount: 5,
  /** The server pings this often; a socket that missed a pong by the next ping is dropped. */
  heartbeatMs: 25_000,
} as const;

/** Close codes of the server (1000 to 1015 are the protocol's own, e.g. 1009 message too big). */
export const WsCloseCode = {
  /** No auth message in time, or a missing, bad, expired or revoked token (logout, reset, deletion). */
  UNAUTHORIZED: 4401,
  /** The socket could not keep up: the server closes it rather than buffer without end. */
  TOO_SLOW: 4408,
  /** The account opened more sockets than allowed: this (the oldest) one was closed. */
  REPLACED: 4409,
  /** The client sent more messages than a client needs to. */
  TOO_MANY_MESSAGES: 4429,
  /**
   * WebSocket's standard "try again later": the instance could not start receiving other instances'
   * changes in time (PostgreSQL's LISTEN connection); the client reconnects with backoff.
   */
  TRY_AGAIN_LATER: 1013,
} as const;

export type WsClientMessage = { type: 'auth'; token: string } | { type: 'ping' };

interface Control<T extends string, D> {
  type: T;
  data: D;
  /** When the server sent it (ISO time). */
  at: string;
}

/**
 * What the server sends: the socket's own control messages (ready, pong, error) and the pushes,
 * declared once per kind in socket-pushes.ts (type-only here: this module stays free of schemas, for
 * the client's first bundle).
 */
export type WsServerMessage = WsControlMessage | SocketPushMessage;

/** The socket's own messages: ready after the auth message, pong, error. */
export type WsControlMessage =
  | (Control<'ready', { role: 'player' | 'admin'; accountId: number; heartbeatMs: number }> & {
      role: 'player' | 'admin';
    })
  | Control<'pong', Record<string, never>>
  | Control<'error', { code: string; message: string }>;

export type WsServerMessageType = WsServerMessage['type'];
