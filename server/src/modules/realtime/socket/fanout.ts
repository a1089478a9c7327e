import { WsCloseCode, type AdminSummary, type GameStateDto, type LiveTopEntry } from '@gogo/shared/api';
import type { ChainDeposit, EventPrizePush, RecentAchievement, TransactionDto } from '@gogo/shared/api';
import { serverText } from '@gogo/shared/messages';
import type { BusEvent } from '../../../db/events.js';
import type { TokenClaims } from '../../../plugins/auth.js';
import type { RealtimeEvent } from '../../../core/events.js';
import { closeSocket, push, type Connection, type Connections } from './connections.js';
import { createCoalescer, createThrottledView, type ThrottledView } from './views.js';
import { createEventRanks, type EventStandingsRead } from './event-ranks.js';

/** What the fan-out reads again on the instance that holds the sockets (events carry ids only). */
export interface FanoutReads {
  state(userId: number): Promise<GameStateDto>;
  transaction(userId: number, id: number): Promise<TransactionDto | null>;
  /** The player's on-chain deposits (seen with confirmations, or credited). */
  chainDeposits(userId: number): Promise<ChainDeposit[]>;
  friendIds(userId: number): Promise<number[]>;
  recentAchievements(): Promise<RecentAchievement[]>;
  leaderboardTop(): Promise<{ entries: LiveTopEntry[]; totalRanked: number; updatedAt: string }>;
  summary(): Promise<AdminSummary>;
  /** Every entrant's rank and score of a live event (null once it is over). */
  eventStandings: EventStandingsRead;
  eventPrize(userId: number, eventId: number): Promise<EventPrizePush | null>;
  username(userId: number): Promise<string | null>;
}

export interface FanoutOptions {
  connections: Connections;
  reads: FanoutReads;
  tokenStillValid: (claims: TokenClaims) => Promise<boolean>;
  now: () => number;
  onError: (err: unknown) => void;
  /** Throttle of the leaderboard and summary pushes (at most one per 2 s). */
  viewIntervalMs?: number;
  /** Throttle of the achievements feed (bursts of unlocks make one push). */
  achievementIntervalMs?: number;
}

export const VIEW_INTERVAL_MS = 2_000;
export const ACHIEVEMENT_INTERVAL_MS = 500;

// Only the fields that matter: the summary's generatedAt and the board's updatedAt change every time.
const topSignature = (v: { entries: LiveTopEntry[] }) =>
  v.entries.map((e) => `${e.userId}:${e.score}:${e.level}:${e.username}`).join('|');
const summarySignature = ({ generatedAt: _ignored, ...rest }: AdminSummary) => JSON.stringify(rest);
const feedSignature = (feed: RecentAchievement[]) =>
  feed.map((a) => `${a.userId}:${a.achievementId}:${a.unlockedAt}`).join('|');

/** The views every socket of a role shares: the top of the leaderboard, the admin summary, the feed. */
function sharedViews(opts: FanoutOptions, viewMs: number) {
  const { connections, reads, now, onError } = opts;
  const leaderboard = createThrottledView({
    minIntervalMs: viewMs,
    now,
    compute: reads.leaderboardTop,
    signature: topSignature,
    send: (value) => connections.broadcast('player', push('leaderboard', value, now())),
    onError,
  });
  const summary = createThrottledView({
    minIntervalMs: viewMs,
    now,
    compute: reads.summary,
    signature: summarySignature,
    send: (value) => connections.broadcast('admin', push('summary', value, now())),
    onError,
  });
  const achievements = createThrottledView({
    minIntervalMs: opts.achievementIntervalMs ?? ACHIEVEMENT_INTERVAL_MS,
    now,
    compute: reads.recentAchievements,
    signature: feedSignature,
    send: (value) => connections.broadcast('player', push('achievement', { achievements: value }, now())),
    onError,
  });
  return { leaderboard, summary, achievements };
}

/**
 * Turns bus events into socket messages for the sockets of THIS instance. Every instance runs one:
 * an event committed anywhere reaches every instance's bus, and each sends only to its own sockets,
 * after reading the data it needs itself (never data carried by the event).
 */
export function createFanout(opts: FanoutOptions) {
  const { connections, reads, now, onError } = opts;
  const coalesce = createCoalescer(onError);
  const viewMs = opts.viewIntervalMs ?? VIEW_INTERVAL_MS;

  const { leaderboard, summary, achievements } = sharedViews(opts, viewMs);
  const views: Array<ThrottledView<unknown>> = [leaderboard, summary, achievements];
  const eventRanks = createEventRanks({ connections, standings: reads.eventStandings, now, onError });

  function sendState(userId: number) {
    if (!connections.has('player', userId)) return;
    coalesce(`state:${userId}`, async () => {
      if (!connections.has('player', userId)) return;
      const state = await reads.state(userId);
      connections.sendTo('player', userId, push('state', state, now()));
    });
  }

  function sendTransaction(userId: number, transactionId: number) {
    if (!connections.has('player', userId)) return;
    coalesce(`tx:${transactionId}`, async () => {
      const transaction = await reads.transaction(userId, transactionId);
      if (transaction) connections.sendTo('player', userId, push('transaction', { transaction }, now()));
    });
  }

  function sendChain(userId: number) {
    if (!connections.has('player', userId)) return;
    coalesce(`chain:${userId}`, async () => {
      const deposits = await reads.chainDeposits(userId);
      connections.sendTo('player', userId, push('chain', { deposits }, now()));
    });
  }

  function sendPresence(userId: number, online: boolean) {
    if (connections.counts.player === 0) return;
    void reads.friendIds(userId).then((ids) => {
      const data = push('friend', { kind: online ? 'online' : 'offline', userId }, now());
      for (const id of ids) connections.sendTo('player', id, data);
    }, onError);
  }

  /** Closes the account's sockets whose token is no longer valid (all of them when `all`). */
  async function revoke(role: 'player' | 'admin', accountId: number, all: boolean) {
    for (const connection of [...connections.of(role, accountId)]) {
      if (all || !(await opts.tokenStillValid(connection.claims))) closeUnauthorized(connection);
    }
  }

  function closeUnauthorized(connection: Connection) {
    connections.remove(connection);
    closeSocket(connection.socket, WsCloseCode.UNAUTHORIZED, serverText.invalidToken);
  }

  /** After a gap in the fan-out: every socket reads again, and revoked tokens are caught now. */
  async function resync() {
    const frame = push('resync', {}, now());
    connections.broadcast('player', frame);
    connections.broadcast('admin', frame);
    for (const view of views) view.poke();
    for (const connection of [...connections.all()]) {
      if (!(await opts.tokenStillValid(connection.claims))) closeUnauthorized(connection);
    }
  }

  /**
   * What each bus event sends, by its type: a record the compiler makes total over the events
   * (server/src/core/events.ts), so an event without a way to the sockets does not compile.
   */
  const handlers: { [T in RealtimeEvent['type']]: (event: Extract<RealtimeEvent, { type: T }>) => void } = {
    state: (event) => sendState(event.userId),
    transaction: (event) => sendTransaction(event.userId, event.transactionId),
    chain: (event) => sendChain(event.userId),
    friend: (event) => {
      if (connections.has('player', event.userId)) {
        connections.sendTo('player', event.userId, push('friend', { kind: event.kind, userId: event.otherId }, now()));
      }
    },
    presence: (event) => sendPresence(event.userId, event.online),
    achievement: () => {
      if (connections.counts.player > 0) achievements.poke();
    },
    eventScore: (event) => eventRanks.poke(event.eventId),
    eventPrize: (event) => {
      if (connections.has('player', event.userId)) {
        void reads.eventPrize(event.userId, event.eventId).then((prize) => {
          if (prize) connections.sendTo('player', event.userId, push('eventPrize', prize, now()));
        }, onError);
      }
    },
    overtake: (event) => {
      if (connections.has('player', event.userId)) {
        void reads.username(event.otherId).then((username) => {
          if (username !== null) {
            connections.sendTo('player', event.userId, push('overtake', { userId: event.otherId, username }, now()));
          }
        }, onError);
      }
    },
    queue: (event) => {
      if (connections.counts.admin > 0) {
        const { kind, transactionId, status } = event;
        connections.broadcast('admin', push('queue', { kind, transactionId, status }, now()));
      }
    },
    summary: () => {
      if (connections.counts.admin > 0) summary.poke();
    },
    revoke: (event) => void revoke(event.role, event.accountId, event.all).catch(onError),
    resync: () => void resync().catch(onError),
  };

  function handle(raw: BusEvent) {
    const event = raw as unknown as RealtimeEvent;
    // An event of a newer instance this one does not know: nothing to send.
    if (!Object.hasOwn(handlers, event.type)) return;
    (handlers[event.type] as (event: RealtimeEvent) => void)(event);
  }

  return {
    handle,
    /** The periodic check of the shared views (scores move with every roll, nobody publishes them). */
    tick() {
      if (connections.counts.player > 0) leaderboard.poke();
      if (connections.counts.admin > 0) summary.poke();
    },
    stop() {
      for (const view of views) view.stop();
      eventRanks.stop();
    },
    /** Closes one socket with 4401 (its token expired). */
    unauthorized: closeUnauthorized,
  };
}

export type Fanout = ReturnType<typeof createFanout>;
