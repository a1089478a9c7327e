import { EVENT_METRICS, type EventMetric, type EventRepeat } from '@gogo/shared/rules';
import { read, sql, write, type Queryable, type Tx, type Write } from '../../db/sql.js';

/** Every statement of live events, each on the transaction (or reader) it is given. */

export interface EventRow {
  id: number;
  seriesId: number | null;
  round: number;
  name: string;
  metric: EventMetric;
  startsAt: number;
  endsAt: number;
  repeat: EventRepeat | null;
  maxEntrants: number | null;
  prizes: string;
  status: 'scheduled' | 'settled' | 'cancelled';
  /** Counted from the entries (event_entries), never kept on the event's row: see joinHead. */
  entrants: number;
  settledAt: number | null;
  cancelledAt: number | null;
  createdAt: number;
}

// The entrant count is read from the entries (an index range of event_entries_standing), not from a
// counter on the event's row: a counter would make every join update, and so lock, one shared row.
// live_events.entrants is no longer written (kept until a later release drops it: expand, then contract).
const EVENT_COLUMNS = `id, series_id AS "seriesId", round, name, metric, starts_at AS "startsAt", ends_at AS "endsAt",
  repeat, max_entrants AS "maxEntrants", prizes, status,
  (SELECT count(*) FROM event_entries x WHERE x.event_id = live_events.id) AS entrants, settled_at AS "settledAt",
  cancelled_at AS "cancelledAt", created_at AS "createdAt"`;

export type NewEvent = Pick<
  EventRow,
  'seriesId' | 'round' | 'name' | 'metric' | 'startsAt' | 'endsAt' | 'repeat' | 'maxEntrants' | 'prizes'
> & { createdBy: number | null; now: number };

const insertEvent = sql<NewEvent, { id: number }>(
  `INSERT INTO live_events (series_id, round, name, metric, starts_at, ends_at, repeat, max_entrants, prizes, status,
     entrants, created_by, created_at, updated_at)
   VALUES (:seriesId, :round, :name, :metric, :startsAt, :endsAt, :repeat, :maxEntrants, :prizes, 'scheduled', 0,
     :createdBy, :now, :now)
   ON CONFLICT DO NOTHING
   RETURNING id`,
);
const updateEvent = sql<Omit<NewEvent, 'seriesId' | 'round' | 'createdBy'> & { id: number }>(
  `UPDATE live_events SET name = :name, metric = :metric, starts_at = :startsAt, ends_at = :endsAt, repeat = :repeat,
     max_entrants = :maxEntrants, prizes = :prizes, updated_at = :now
   WHERE id = :id AND status = 'scheduled' AND starts_at > :now`,
);
const cancelEvent = sql<{ id: number; now: number }>(
  `UPDATE live_events SET status = 'cancelled', cancelled_at = :now, updated_at = :now
   WHERE id = :id AND status = 'scheduled'`,
);
const selectEvent = sql<{ id: number }, EventRow>(`SELECT ${EVENT_COLUMNS} FROM live_events WHERE id = :id`);
const lockEvent = sql<{ id: number }, EventRow>(`SELECT ${EVENT_COLUMNS} FROM live_events WHERE id = :id {forUpdate}`);
const selectAll = sql<{ limit: number }, EventRow>(
  `SELECT ${EVENT_COLUMNS} FROM live_events ORDER BY starts_at DESC, id DESC LIMIT :limit`,
);
/** Not cancelled, and not ended before `since`: what a player's list shows. */
const selectVisible = sql<{ since: number }, EventRow>(
  `SELECT ${EVENT_COLUMNS} FROM live_events WHERE status <> 'cancelled' AND ends_at > :since ORDER BY ends_at, id`,
);
const selectDue = sql<{ now: number; limit: number }, { id: number }>(
  `SELECT id FROM live_events WHERE status = 'scheduled' AND ends_at <= :now ORDER BY ends_at, id LIMIT :limit`,
);
/** The status transition that makes a settlement the only one: a second one changes no row. */
const markSettled = sql<{ id: number; now: number }>(
  `UPDATE live_events SET status = 'settled', settled_at = :now, updated_at = :now
   WHERE id = :id AND status = 'scheduled' AND ends_at <= :now`,
);

const joinEntry = sql<{ eventId: number; userId: number; now: number }>(
  `INSERT INTO event_entries (event_id, user_id, score, reached_at, joined_at)
   VALUES (:eventId, :userId, 0, :now, :now) ON CONFLICT (event_id, user_id) DO NOTHING`,
);
/** What a join checks: the event's state and cap, without its standings. */
export interface JoinHead {
  name: string;
  status: EventRow['status'];
  startsAt: number;
  endsAt: number;
  maxEntrants: number | null;
}
const JOIN_HEAD = 'name, status, starts_at AS "startsAt", ends_at AS "endsAt", max_entrants AS "maxEntrants"';
const selectJoinHead = sql<{ id: number }, JoinHead>(`SELECT ${JOIN_HEAD} FROM live_events WHERE id = :id`);
const lockJoinHead = sql<{ id: number }, JoinHead>(`SELECT ${JOIN_HEAD} FROM live_events WHERE id = :id {forUpdate}`);
const countEntrants = sql<{ eventId: number }, { n: number }>(
  'SELECT count(*) AS n FROM event_entries WHERE event_id = :eventId',
);
const selectEntry = sql<{ eventId: number; userId: number }, { score: number; reachedAt: number }>(
  'SELECT score, reached_at AS "reachedAt" FROM event_entries WHERE event_id = :eventId AND user_id = :userId',
);
const selectMyEntries = sql<{ userId: number; since: number }, { eventId: number; score: number; reachedAt: number }>(
  `SELECT x.event_id AS "eventId", x.score, x.reached_at AS "reachedAt" FROM event_entries x
     JOIN live_events e ON e.id = x.event_id
   WHERE x.user_id = :userId AND e.status <> 'cancelled' AND e.ends_at > :since`,
);
/** Entrants ahead of a standing: a higher score, or the same score reached earlier (lower id on a tie). */
const countAhead = sql<{ eventId: number; score: number; reachedAt: number; userId: number }, { n: number }>(
  `SELECT count(*) AS n FROM event_entries
   WHERE event_id = :eventId AND (score > :score OR (score = :score AND (reached_at < :reachedAt
     OR (reached_at = :reachedAt AND user_id < :userId))))`,
);

/** The live events the player joined before `now`, with what each counts. */
const selectLiveEntries = sql<{ userId: number; now: number }, { eventId: number; metric: EventMetric }>(
  `SELECT x.event_id AS "eventId", e.metric FROM event_entries x JOIN live_events e ON e.id = x.event_id
   WHERE x.user_id = :userId AND x.joined_at <= :now
     AND e.status = 'scheduled' AND e.starts_at <= :now AND e.ends_at > :now`,
);

/** The parameter that carries a metric's delta into the scoring statement. */
export const deltaParam = <M extends EventMetric>(metric: M) => `delta_${metric}` as const;
type DeltaParams = { [M in EventMetric as `delta_${M}`]: number };

/**
 * The delta an entry's score takes, by its event's metric: generated from the rules' metric list,
 * one WHEN per metric with its delta as a parameter (shared/src/rules scoreDeltas). A metric the
 * rules do not know scores nothing rather than borrowing another metric's delta.
 */
export const SCORE_DELTA_SQL = `(CASE (SELECT metric FROM live_events e WHERE e.id = event_entries.event_id)
  ${EVENT_METRICS.map((metric) => `WHEN '${metric}' THEN :${deltaParam(metric)}`).join(' ')} ELSE 0 END)`;

/**
 * Adds a roll's score to every live event the player joined before the roll. Events whose delta is 0
 * are not touched, so the time a score was reached moves only when it grows.
 */
const addScore = sql<{ userId: number; now: number } & DeltaParams>(
  `UPDATE event_entries SET score = score + ${SCORE_DELTA_SQL}, reached_at = :now
   WHERE user_id = :userId AND joined_at <= :now
     AND event_id IN (SELECT id FROM live_events WHERE status = 'scheduled' AND starts_at <= :now AND ends_at > :now)
     AND ${SCORE_DELTA_SQL} > 0`,
);

export interface RankedRow {
  rank: number;
  userId: number;
  username: string;
  score: number;
  reachedAt: number;
}
/** Standings with ranks (window function on both engines): ties to the earlier reached_at, then the lower id. */
const RANKED = `SELECT row_number() OVER (ORDER BY x.score DESC, x.reached_at, x.user_id) AS rank,
       x.user_id AS "userId", u.username, x.score, x.reached_at AS "reachedAt"
  FROM event_entries x JOIN users u ON u.id = x.user_id WHERE x.event_id = :eventId`;
const selectRankRange = sql<{ eventId: number; from: number; to: number }, RankedRow>(
  `SELECT * FROM (${RANKED}) r WHERE r.rank BETWEEN :from AND :to ORDER BY r.rank`,
);
const selectTopScored = sql<{ eventId: number; limit: number }, { userId: number; score: number; reachedAt: number }>(
  `SELECT user_id AS "userId", score, reached_at AS "reachedAt" FROM event_entries
   WHERE event_id = :eventId AND score > 0 ORDER BY score DESC, reached_at, user_id LIMIT :limit`,
);
const selectAllRanks = sql<{ eventId: number }, { userId: number; rank: number; score: number }>(
  `SELECT user_id AS "userId", row_number() OVER (ORDER BY score DESC, reached_at, user_id) AS rank, score
   FROM event_entries WHERE event_id = :eventId`,
);

/** Every prize of a settlement in one statement (the winners as one JSON parameter). */
const insertPrizes = sql<{ eventId: number; rows: string; now: number }>({
  sqlite: `INSERT INTO event_prizes (event_id, user_id, rank, score, gogo, dice, created_at)
    SELECT :eventId, json_extract(value, '$.userId'), json_extract(value, '$.rank'), json_extract(value, '$.score'),
           json_extract(value, '$.gogo'), json_extract(value, '$.dice'), :now
      FROM json_each(:rows)`,
  postgres: `INSERT INTO event_prizes (event_id, user_id, rank, score, gogo, dice, created_at)
    SELECT :eventId, x.user_id, x.rank, x.score, x.gogo, x.dice, :now
      FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(user_id bigint, rank int, score bigint, gogo bigint, dice bigint)`,
});
const selectMyPrizes = sql<
  { userId: number; since: number },
  { eventId: number; rank: number; gogo: number; dice: number; seenAt: number | null }
>(
  `SELECT p.event_id AS "eventId", p.rank, p.gogo, p.dice, p.seen_at AS "seenAt" FROM event_prizes p
     JOIN live_events e ON e.id = p.event_id WHERE p.user_id = :userId AND e.ends_at > :since`,
);
const selectPrize = sql<
  { userId: number; eventId: number },
  { name: string; rank: number; gogo: number; dice: number }
>(
  `SELECT e.name, p.rank, p.gogo, p.dice FROM event_prizes p JOIN live_events e ON e.id = p.event_id
   WHERE p.user_id = :userId AND p.event_id = :eventId`,
);
const markSeen = sql<{ userId: number; eventId: number; now: number }>(
  'UPDATE event_prizes SET seen_at = :now WHERE user_id = :userId AND event_id = :eventId AND seen_at IS NULL',
);
const prizesPaid = sql<Record<string, never>, { eventId: number; n: number }>(
  'SELECT event_id AS "eventId", count(*) AS n FROM event_prizes GROUP BY event_id',
);

export const eventsRepo = {
  async insertEvent(tx: Tx, row: NewEvent): Promise<number | null> {
    return (await tx.get(insertEvent, row))?.id ?? null;
  },
  updateEvent: (tx: Tx, row: Omit<NewEvent, 'seriesId' | 'round' | 'createdBy'> & { id: number }) =>
    tx.run(updateEvent, row),
  cancelEvent: (tx: Tx, id: number, now: number) => tx.run(cancelEvent, { id, now }),
  event: (q: Queryable, id: number) => q.get(selectEvent, { id }),
  lockEvent: (tx: Tx, id: number) => tx.get(lockEvent, { id }),
  all: (q: Queryable, limit: number) => q.all(selectAll, { limit }),
  visible: (q: Queryable, since: number) => q.all(selectVisible, { since }),
  async due(q: Queryable, now: number, limit: number): Promise<number[]> {
    return (await q.all(selectDue, { now, limit })).map((r) => r.id);
  },
  markSettled: (tx: Tx, id: number, now: number) => tx.run(markSettled, { id, now }),
  /** 1 when the player joined now, 0 when they already had. */
  join: (tx: Tx, eventId: number, userId: number, now: number) => tx.run(joinEntry, { eventId, userId, now }),
  /** The event as a join sees it, read without a lock (an uncapped event's joins never wait on each other). */
  joinHead: (tx: Tx, id: number) => tx.get(selectJoinHead, { id }),
  /**
   * The same under the event's row lock: joins of a capped event take it one at a time, so the count
   * each reads after it (a statement of its own, with a snapshot taken after the lock) is exact.
   */
  lockJoinHead: (tx: Tx, id: number) => tx.get(lockJoinHead, { id }),
  async entrants(q: Queryable, eventId: number): Promise<number> {
    return (await q.get(countEntrants, { eventId }))?.n ?? 0;
  },
  entry: (q: Queryable, eventId: number, userId: number) => q.get(selectEntry, { eventId, userId }),
  myEntries: (q: Queryable, userId: number, since: number) => q.all(selectMyEntries, { userId, since }),
  async rankOf(q: Queryable, eventId: number, userId: number, entry: { score: number; reachedAt: number }) {
    const ahead = await q.get(countAhead, { eventId, userId, score: entry.score, reachedAt: entry.reachedAt });
    return (ahead?.n ?? 0) + 1;
  },
  /** The roll's read (Tx.readEach): the live events it scores in. */
  liveEntriesRead: (userId: number, now: number) => read(selectLiveEntries, { userId, now }, (rows) => rows),
  /** The roll's write (Tx.runAll): its score added to those events. */
  /** The roll's deltas per metric (shared/src/rules scoreDeltas) added to the player's live entries. */
  addScoreWrite: (userId: number, now: number, deltas: Record<EventMetric, number>): Write =>
    write(addScore, {
      userId,
      now,
      ...(Object.fromEntries(EVENT_METRICS.map((metric) => [deltaParam(metric), deltas[metric]])) as DeltaParams),
    }),
  rankRange: (q: Queryable, eventId: number, from: number, to: number) => q.all(selectRankRange, { eventId, from, to }),
  topScored: (q: Queryable, eventId: number, limit: number) => q.all(selectTopScored, { eventId, limit }),
  allRanks: (q: Queryable, eventId: number) => q.all(selectAllRanks, { eventId }),
  async insertPrizes(
    tx: Tx,
    eventId: number,
    winners: ReadonlyArray<{ userId: number; rank: number; score: number; gogo: number; dice: number }>,
    now: number,
  ): Promise<number> {
    if (winners.length === 0) return 0;
    const rows = JSON.stringify(winners.map((w) => ({ ...w, user_id: w.userId })));
    return tx.run(insertPrizes, { eventId, rows, now });
  },
  myPrizes: (q: Queryable, userId: number, since: number) => q.all(selectMyPrizes, { userId, since }),
  prize: (q: Queryable, userId: number, eventId: number) => q.get(selectPrize, { userId, eventId }),
  markSeen: (tx: Tx, userId: number, eventId: number, now: number) => tx.run(markSeen, { userId, eventId, now }),
  async prizesPaid(q: Queryable): Promise<Map<number, number>> {
    return new Map((await q.all(prizesPaid, {})).map((r) => [r.eventId, r.n]));
  },
};
