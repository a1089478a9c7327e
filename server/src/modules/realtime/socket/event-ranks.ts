import type { EventRankPush } from '@gogo/shared/api';
import { push, type Connections } from './connections.js';

/** What the live-rank pushes read on the instance that holds the sockets. */
export interface EventStandingsRead {
  (
    eventId: number,
  ): Promise<{ entrants: number; ranks: Array<{ userId: number; rank: number; score: number }> } | null>;
}

/** A live event's ranks are recomputed at most this often per instance, however many rolls land. */
export const EVENT_RANK_INTERVAL_MS = 500;

/**
 * Live ranks: after a score moved, each entrant connected to THIS instance whose rank or score
 * changed gets an `eventRank` push. One read of the event's standings serves every socket here; a
 * burst of rolls makes one read per interval.
 */
export function createEventRanks(opts: {
  connections: Connections;
  standings: EventStandingsRead;
  now: () => number;
  onError: (err: unknown) => void;
  intervalMs?: number;
}) {
  const interval = opts.intervalMs ?? EVENT_RANK_INTERVAL_MS;
  const lastSent = new Map<number, Map<number, string>>();
  const timers = new Map<number, NodeJS.Timeout>();
  const lastRun = new Map<number, number>();

  async function run(eventId: number) {
    lastRun.set(eventId, opts.now());
    const standing = await opts.standings(eventId);
    if (!standing) {
      lastSent.delete(eventId);
      return;
    }
    const sent = lastSent.get(eventId) ?? new Map<number, string>();
    lastSent.set(eventId, sent);
    for (const { userId, rank, score } of standing.ranks) {
      if (!opts.connections.has('player', userId)) continue;
      const signature = `${rank}:${score}:${standing.entrants}`;
      if (sent.get(userId) === signature) continue;
      sent.set(userId, signature);
      const data: EventRankPush = { eventId, rank, score, entrants: standing.entrants };
      opts.connections.sendTo('player', userId, push('eventRank', data, opts.now()));
    }
  }

  return {
    poke(eventId: number) {
      if (opts.connections.counts.player === 0 || timers.has(eventId)) return;
      const wait = Math.max(0, (lastRun.get(eventId) ?? 0) + interval - opts.now());
      const timer = setTimeout(() => {
        timers.delete(eventId);
        run(eventId).catch(opts.onError);
      }, wait);
      timer.unref();
      timers.set(eventId, timer);
    },
    stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
