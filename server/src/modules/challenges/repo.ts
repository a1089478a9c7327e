import type { DayCounts } from '@gogo/shared/rules';
import { rollFacts } from '../game/index.js';
import { diceClaimedOn } from '../daily/index.js';
import { read, sql, write, type Queryable, type Tx, type Write } from '../../db/sql.js';

/** Every statement of daily challenges and the friends race. */

const claimsOfDay = sql<{ userId: number; day: string }, { challengeId: string }>(
  'SELECT challenge_id AS "challengeId" FROM challenge_claims WHERE user_id = :userId AND day = :day',
);
const insertClaim = sql<{ userId: number; day: string; challengeId: string; gogo: number; dice: number; now: number }>(
  `INSERT INTO challenge_claims (user_id, day, challenge_id, gogo, dice, created_at)
   VALUES (:userId, :day, :challengeId, :gogo, :dice, :now) ON CONFLICT (user_id, day, challenge_id) DO NOTHING`,
);
const selectStreak = sql<{ userId: number }, { lastDay: string; days: number }>(
  'SELECT last_day AS "lastDay", days FROM challenge_streaks WHERE user_id = :userId',
);
const upsertStreak = sql<{ userId: number; lastDay: string; days: number; now: number }>(
  `INSERT INTO challenge_streaks (user_id, last_day, days, updated_at) VALUES (:userId, :lastDay, :days, :now)
   ON CONFLICT (user_id) DO UPDATE SET last_day = excluded.last_day, days = excluded.days, updated_at = excluded.updated_at`,
);

// A gain is an UPDATE of the week's row, and an insert only when the week has no row yet: INSERT ...
// ON CONFLICT DO UPDATE locks the row before it updates it, on PostgreSQL a WAL record more on most
// rolls. Sent together (one statement on PostgreSQL), both see the row as it was before: exactly one
// of them writes. A roll runs under its player's state lock, so no other gain of the player comes
// between the two.
const raiseRaceScore = sql<{ week: string; userId: number; gain: number; now: number }>(
  'UPDATE race_scores SET score = score + :gain, reached_at = :now WHERE week = :week AND user_id = :userId',
);
/** The week's first gain of the player (an UPDATE does every later one). */
const insertRaceScore = sql<{ week: string; userId: number; gain: number; now: number }>(
  `INSERT INTO race_scores (week, user_id, score, reached_at) VALUES (:week, :userId, :gain, :now)
   ON CONFLICT (week, user_id) DO UPDATE SET score = race_scores.score + excluded.score, reached_at = excluded.reached_at`,
);
const raceScore = sql<{ week: string; userId: number }, { score: number; reachedAt: number }>(
  'SELECT score, reached_at AS "reachedAt" FROM race_scores WHERE week = :week AND user_id = :userId',
);
/** The week's scores of some players (their ids as one JSON array). */
const raceScoresOf = sql<{ week: string; ids: string }, { userId: number; score: number }>({
  sqlite: `SELECT user_id AS "userId", score FROM race_scores
    WHERE week = :week AND user_id IN (SELECT value FROM json_each(:ids))`,
  postgres: `SELECT user_id AS "userId", score FROM race_scores
    WHERE week = :week AND user_id IN (SELECT CAST(value AS bigint) FROM json_array_elements_text(CAST(:ids AS json)))`,
});
const weekRacers = sql<{ week: string }, { userId: number; score: number; reachedAt: number }>(
  `SELECT user_id AS "userId", score, reached_at AS "reachedAt" FROM race_scores WHERE week = :week AND score > 0`,
);
const dueWeeks = sql<{ before: string }, { week: string }>(
  `SELECT DISTINCT s.week FROM race_scores s LEFT JOIN race_weeks w ON w.week = s.week
   WHERE s.week < :before AND w.week IS NULL ORDER BY s.week LIMIT 4`,
);
const claimWeek = sql<{ week: string; now: number }, { week: string }>(
  `INSERT INTO race_weeks (week, winners, settled_at) VALUES (:week, 0, :now) ON CONFLICT (week) DO NOTHING
   RETURNING week`,
);
const setWinners = sql<{ week: string; winners: number }>(
  'UPDATE race_weeks SET winners = :winners WHERE week = :week',
);
const insertRacePrize = sql<{ week: string; userId: number; score: number; now: number }>(
  `INSERT INTO race_prizes (week, user_id, score, created_at) VALUES (:week, :userId, :score, :now)
   ON CONFLICT (week, user_id) DO NOTHING`,
);

export const challengesRepo = {
  async dayCounts(q: Queryable, userId: number, day: string, from: number): Promise<DayCounts> {
    const row = await rollFacts.countsBetween(q, userId, from, from + 86_400_000);
    const dice = await diceClaimedOn(q, userId, day);
    return {
      rolls: row.rolls,
      gogo_won: row.gogo,
      laps: row.laps,
      properties: row.properties,
      chances: row.chances,
      sixes: row.sixes,
      daily_dice: dice ? 1 : 0,
    };
  },
  async claimsOfDay(q: Queryable, userId: number, day: string): Promise<Set<string>> {
    return new Set((await q.all(claimsOfDay, { userId, day })).map((r) => r.challengeId));
  },
  /** 1 when the claim was recorded now, 0 when it already was. */
  insertClaim: (
    tx: Tx,
    row: { userId: number; day: string; challengeId: string; gogo: number; dice: number; now: number },
  ) => tx.run(insertClaim, row),
  streak: (q: Queryable, userId: number) => q.get(selectStreak, { userId }),
  saveStreak: (tx: Tx, userId: number, lastDay: string, days: number, now: number) =>
    tx.run(upsertStreak, { userId, lastDay, days, now }),

  /**
   * Adds `gain` to the player's score of the week, for the roll's Tx.runAll. `scored`: whether the
   * week's row exists, as raceScoreRead found it under the player's state lock (only the player's own
   * rolls write it): an UPDATE alone then, else the insert (which adds to a row that is there after all).
   */
  addRaceScoreWrites: (week: string, userId: number, gain: number, now: number, scored: boolean): Write[] => [
    write(scored ? raiseRaceScore : insertRaceScore, { week, userId, gain, now }),
  ],
  raceScore: (q: Queryable, week: string, userId: number) => q.get(raceScore, { week, userId }),
  /** The player's score of the week (null before their first win of the week), as a read for Tx.readEach. */
  raceScoreRead: (week: string, userId: number) =>
    read(raceScore, { week, userId }, (rows): number | null => rows[0]?.score ?? null),
  /** The week's scores of these players; a player without a row is left out. */
  raceScoresOf: (q: Queryable, week: string, userIds: readonly number[]) =>
    q.all(raceScoresOf, { week, ids: JSON.stringify(userIds) }),
  weekRacers: (q: Queryable, week: string) => q.all(weekRacers, { week }),
  async dueWeeks(q: Queryable, before: string): Promise<string[]> {
    return (await q.all(dueWeeks, { before })).map((r) => r.week);
  },
  async claimWeek(tx: Tx, week: string, now: number): Promise<boolean> {
    return (await tx.get(claimWeek, { week, now })) !== undefined;
  },
  setWinners: (tx: Tx, week: string, winners: number) => tx.run(setWinners, { week, winners }),
  insertRacePrize: (tx: Tx, week: string, userId: number, score: number, now: number) =>
    tx.run(insertRacePrize, { week, userId, score, now }),
};
