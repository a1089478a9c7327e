import type { ChainDeposit } from './chain.js';
import type { AdminSummary } from './admin.js';
import type { TransactionDto } from './credits.js';
import type { GameStateDto } from './game.js';
import type { RecentAchievement } from './realtime.js';
import type { EventPrizePush, EventRankPush } from './events.js';
import type { OvertakePush } from './challenges.js';

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

export type FriendEventKind = 'request' | 'accepted' | 'declined' | 'cancelled' | 'removed' | 'online' | 'offline';

/** One row of the leaderboard's top as the socket pushes it (the same for every viewer). */
export interface LiveTopEntry {
  rank: number;
  userId: number;
  username: string;
  score: number;
  level: number;
}

interface Push<T extends string, D> {
  type: T;
  data: D;
  /** When the server sent it (ISO time). */
  at: string;
}

export type WsServerMessage =
  | (Push<'ready', { role: 'player' | 'admin'; accountId: number; heartbeatMs: number }> & {
      role: 'player' | 'admin';
    })
  | Push<'state', GameStateDto>
  | Push<'transaction', { transaction: TransactionDto }>
  /** The player's on-chain deposits: seen with their confirmations, or credited. */
  | Push<'chain', { deposits: ChainDeposit[] }>
  | Push<'friend', { kind: FriendEventKind; userId: number }>
  | Push<'leaderboard', { entries: LiveTopEntry[]; totalRanked: number; updatedAt: string }>
  | Push<'achievement', { achievements: RecentAchievement[] }>
  | Push<'eventRank', EventRankPush>
  | Push<'eventPrize', EventPrizePush>
  | Push<'overtake', OvertakePush>
  | Push<'queue', { kind: 'deposit' | 'withdrawal'; transactionId: number; status: string }>
  | Push<'summary', AdminSummary>
  | Push<'resync', Record<string, never>>
  | Push<'pong', Record<string, never>>
  | Push<'error', { code: string; message: string }>;

export type WsServerMessageType = WsServerMessage['type'];
