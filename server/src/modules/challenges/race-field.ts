import { weekEndOf, weekKeyOf, weekStartOf } from '@gogo/shared/rules';
import { sql, type Queryable, type Tx } from '../../db/sql.js';
import { rollFacts } from '../game/index.js';

// The field of a week is a read model over the social module's friendships, declared here: the
// friendships of the player created before the week started, added to what is stored already (a
// friendship that ends later stays in the stored field). The SELECT carries a WHERE so that SQLite
// reads ON CONFLICT as the upsert clause.
const freezeField = sql<{ week: string; userId: number; weekStart: number }>(
  `INSERT INTO race_fields (week, user_id, friend_id)
   SELECT x.week, x.user_id, x.friend_id FROM (
     SELECT CAST(:week AS text) AS week, CAST(:userId AS bigint) AS user_id,
            CASE WHEN f.user_low = :userId THEN f.user_high ELSE f.user_low END AS friend_id
     FROM friendships f
     WHERE (f.user_low = :userId OR f.user_high = :userId) AND f.created_at < :weekStart
   ) x WHERE x.friend_id IS NOT NULL
   ON CONFLICT (week, user_id, friend_id) DO NOTHING`,
);
const fieldOf = sql<{ week: string; userId: number }, { friendId: number }>(
  'SELECT friend_id AS "friendId" FROM race_fields WHERE week = :week AND user_id = :userId ORDER BY friend_id',
);

/** Monday 00:00 UTC of a week key ('YYYY-MM-DD'). */
export const weekStartOfKey = (week: string): number => Date.parse(`${week}T00:00:00.000Z`);

/** Stores the player's field of `week` (the friends they had when it started), idempotently. */
export async function freezeRaceField(tx: Tx, week: string, userId: number): Promise<void> {
  await tx.run(freezeField, { week, userId, weekStart: weekStartOfKey(week) });
}

/**
 * Before a friendship ends, both players' fields are frozen for the running week and the week
 * before (which may not be settled yet): removing a friend changes nothing for a race under way.
 */
export async function freezeRaceFieldsOf(tx: Tx, userIds: readonly number[], now: number): Promise<void> {
  const weeks = [weekKeyOf(now), weekKeyOf(weekStartOf(now) - 1)];
  for (const week of weeks) for (const userId of userIds) await freezeRaceField(tx, week, userId);
}

/** The stored field of the player's race of that week. */
export async function raceFieldOf(q: Queryable, week: string, userId: number): Promise<number[]> {
  return (await q.all(fieldOf, { week, userId })).map((r) => Number(r.friendId));
}

/** How many times the player rolled in the week. */
export async function rollsInWeek(q: Queryable, week: string, userId: number): Promise<number> {
  const from = weekStartOfKey(week);
  return rollFacts.rollsBetween(q, userId, from, weekEndOf(from));
}
