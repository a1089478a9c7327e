import { Type, type Static, type TSchema } from 'typebox';
import { AdminSummary } from './admin.js';
import { ChainDeposit } from './chain.js';
import { TransactionDto } from './credits.js';
import { GameStateDto } from './game.js';
import { literalUnion } from './literals.js';
import { RecentAchievement } from './realtime.js';

// What the realtime socket pushes, declared once per kind (docs/realtime.md). Each kind's entry gives
// the payload's schema and who receives it. From it come the wire type (`WsServerMessage`,
// socket.ts), the server's typed `push(kind, data)` (a payload of another shape does not compile),
// the schema the server's socket tests check every pushed frame against, and the kinds the client's
// cache handlers (client/src/lib/realtime/pushHandlers.ts) must cover: a record the compiler makes
// total over these kinds. The server's bus carries ids only; a push carries what its socket may see.

export const FRIEND_EVENT_KINDS = [
  'request',
  'accepted',
  'declined',
  'cancelled',
  'removed',
  'online',
  'offline',
] as const;
export const FriendEventKind = literalUnion(FRIEND_EVENT_KINDS);
export type FriendEventKind = Static<typeof FriendEventKind>;

/** One row of the leaderboard's top as the socket pushes it (the same for every viewer). */
export const LiveTopEntry = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  score: Type.Integer(),
  level: Type.Integer(),
});
export type LiveTopEntry = Static<typeof LiveTopEntry>;

/** What the socket pushes to a player about an event they are in: their live rank. */
export const EventRankPush = Type.Object({
  eventId: Type.Integer(),
  rank: Type.Integer(),
  score: Type.Integer(),
  entrants: Type.Integer(),
});
export type EventRankPush = Static<typeof EventRankPush>;

/** A settled event paid the player a prize. */
export const EventPrizePush = Type.Object({
  eventId: Type.Integer(),
  name: Type.String(),
  rank: Type.Integer(),
  gogo: Type.Integer(),
  dice: Type.Integer(),
});
export type EventPrizePush = Static<typeof EventPrizePush>;

/** The socket's word that a friend passed the player this week. */
export const OvertakePush = Type.Object({ userId: Type.Integer(), username: Type.String() });
export type OvertakePush = Static<typeof OvertakePush>;

/** Who receives a kind: players' sockets, admins' sockets, or both. */
export type SocketPushAudience = 'player' | 'admin' | 'both';

interface SocketPushDeclaration {
  data: TSchema;
  to: SocketPushAudience;
}

const declare = <T extends Record<string, SocketPushDeclaration>>(kinds: T) => kinds;

export const SOCKET_PUSHES = declare({
  /** The player's balance, dice, XP or level changed outside their own roll. */
  state: { data: GameStateDto, to: 'player' },
  /** A row of the player's money history was created or changed status. */
  transaction: { data: Type.Object({ transaction: TransactionDto }), to: 'player' },
  /** The player's on-chain deposits: seen with their confirmations, or credited. */
  chain: { data: Type.Object({ deposits: Type.Array(ChainDeposit) }), to: 'player' },
  /** Something between the player and `userId` changed (a request, a friendship, presence). */
  friend: { data: Type.Object({ kind: FriendEventKind, userId: Type.Integer() }), to: 'player' },
  /** The leaderboard's top changed. */
  leaderboard: {
    data: Type.Object({ entries: Type.Array(LiveTopEntry), totalRanked: Type.Integer(), updatedAt: Type.String() }),
    to: 'player',
  },
  /** The newest achievement unlocks of any player (the feed's whole answer). */
  achievement: { data: Type.Object({ achievements: Type.Array(RecentAchievement) }), to: 'player' },
  eventRank: { data: EventRankPush, to: 'player' },
  eventPrize: { data: EventPrizePush, to: 'player' },
  overtake: { data: OvertakePush, to: 'player' },
  /** A deposit or withdrawal became pending or was decided. */
  queue: {
    data: Type.Object({
      kind: literalUnion(['deposit', 'withdrawal']),
      transactionId: Type.Integer(),
      status: Type.String(),
    }),
    to: 'admin',
  },
  /** The admin dashboard's figures. */
  summary: { data: AdminSummary, to: 'admin' },
  /** This instance may have missed events: everything on screen reads again. */
  resync: { data: Type.Object({}), to: 'both' },
});

export type SocketPushKind = keyof typeof SOCKET_PUSHES;
export const SOCKET_PUSH_KINDS = Object.keys(SOCKET_PUSHES) as SocketPushKind[];

/** The payload of one push kind. */
export type SocketPushData<K extends SocketPushKind> = Static<(typeof SOCKET_PUSHES)[K]['data']>;

/** One push as it goes on the wire. */
export type SocketPushMessage<K extends SocketPushKind = SocketPushKind> = {
  [P in K]: {
    type: P;
    data: SocketPushData<P>;
    /** When the server sent it (ISO time). */
    at: string;
  };
}[K];
