import type { WebSocket } from 'ws';
import {
  WS_LIMITS,
  WsCloseCode,
  type SocketPushData,
  type SocketPushKind,
  type WsControlMessage,
  type WsServerMessage,
} from '@gogo/shared/api';
import { realtimeText } from '@gogo/shared/messages';
import type { Role, TokenClaims } from '../../../plugins/auth.js';

/** One authenticated socket of this instance. */
export interface Connection {
  readonly socket: WebSocket;
  readonly role: Role;
  readonly accountId: number;
  readonly claims: TokenClaims;
  /** An admin's read-only support session (test-login): it does not count as the player being online. */
  readonly support: boolean;
  /** A pong (or any message) arrived since the last ping. */
  alive: boolean;
  expiryTimer: NodeJS.Timeout | null;
}

export interface ConnectionLimits {
  maxPerAccount: number;
  /** Bytes the socket may hold unsent before it counts as too slow and is closed. */
  maxBufferedBytes: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  maxPerAccount: WS_LIMITS.maxSocketsPerAccount,
  maxBufferedBytes: 1024 * 1024,
};

const OPEN = 1;
/** A socket asked to close that has not finished its closing handshake by then is cut. */
const CLOSE_GRACE_MS = 2_000;

/** A server message as it goes on the wire: built once, sent to many sockets. */
export type Frame = Buffer;

export function frame(message: WsServerMessage): Frame {
  return Buffer.from(JSON.stringify(message));
}

/** A message of the socket's own protocol (pong, error). */
export function control<T extends WsControlMessage['type']>(
  type: T,
  data: Extract<WsControlMessage, { type: T }>['data'],
  now: number,
): Frame {
  return frame({ type, data, at: new Date(now).toISOString() } as WsServerMessage);
}

/** One push of a declared kind (shared/src/api/socket-pushes.ts): its payload must have the kind's shape. */
export function push<K extends SocketPushKind>(type: K, data: SocketPushData<K>, now: number): Frame {
  return frame({ type, data, at: new Date(now).toISOString() } as WsServerMessage);
}

/** Closes with a code and reason, and cuts the socket if the peer does not finish the handshake. */
export function closeSocket(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState !== OPEN && socket.readyState !== 0) return;
  socket.close(code, reason);
  setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
}

const key = (role: Role, accountId: number) => (role === 'admin' ? -accountId : accountId);

/**
 * The sockets of this instance by account (players and admins apart), oldest first. Sending checks
 * back-pressure: a socket whose unsent bytes exceed the limit is closed (TOO_SLOW), never buffered
 * without end.
 */
export function createConnections(limits: ConnectionLimits = DEFAULT_LIMITS) {
  const byAccount = new Map<number, Connection[]>();
  const counts = { player: 0, admin: 0 };
  /** Told when a player's first socket on this instance opens or their last one closes. */
  let onPresence: (accountId: number, online: boolean) => void = () => {};

  function send(connection: Connection, data: Frame): boolean {
    const socket = connection.socket;
    if (socket.readyState !== OPEN) return false;
    if (socket.bufferedAmount + data.length > limits.maxBufferedBytes) {
      // Nothing more is queued once it is closing; a peer that does not read the close frame either
      // is cut after the grace period.
      closeSocket(socket, WsCloseCode.TOO_SLOW, realtimeText.tooSlow);
      return false;
    }
    socket.send(data, { binary: false });
    return true;
  }

  return {
    counts: counts as Readonly<typeof counts>,
    setPresenceListener(listener: (accountId: number, online: boolean) => void) {
      onPresence = listener;
    },

    /** Registers an authenticated socket; the account's oldest sockets beyond the cap are closed. */
    add(connection: Connection): void {
      const k = key(connection.role, connection.accountId);
      const list = byAccount.get(k) ?? [];
      const wasOnline = list.some((c) => !c.support);
      list.push(connection);
      byAccount.set(k, list);
      counts[connection.role] += 1;
      while (list.length > limits.maxPerAccount) {
        const oldest = list[0]!;
        this.remove(oldest);
        closeSocket(oldest.socket, WsCloseCode.REPLACED, realtimeText.replaced);
      }
      if (connection.role === 'player' && !connection.support && !wasOnline) onPresence(connection.accountId, true);
    },

    remove(connection: Connection): void {
      if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
      connection.expiryTimer = null;
      const k = key(connection.role, connection.accountId);
      const list = byAccount.get(k);
      const at = list?.indexOf(connection) ?? -1;
      if (!list || at < 0) return;
      list.splice(at, 1);
      counts[connection.role] -= 1;
      if (list.length === 0) byAccount.delete(k);
      if (connection.role === 'player' && !connection.support && !list.some((c) => !c.support)) {
        onPresence(connection.accountId, false);
      }
    },

    of: (role: Role, accountId: number): readonly Connection[] => byAccount.get(key(role, accountId)) ?? [],
    has: (role: Role, accountId: number) => byAccount.has(key(role, accountId)),

    *all(role?: Role): Generator<Connection> {
      for (const list of byAccount.values()) {
        for (const connection of list) if (role === undefined || connection.role === role) yield connection;
      }
    },

    send,
    /** Sends one frame to every socket of a role; answers how many took it. */
    broadcast(role: Role, data: Frame): number {
      let sent = 0;
      for (const connection of this.all(role)) if (send(connection, data)) sent += 1;
      return sent;
    },
    sendTo(role: Role, accountId: number, data: Frame): number {
      let sent = 0;
      for (const connection of [...this.of(role, accountId)]) if (send(connection, data)) sent += 1;
      return sent;
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
