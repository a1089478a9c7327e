import type { StreakRecord } from '@gogo/shared/rules';
import { emptyStreak } from '@gogo/shared/rules';
import { read, sql, type Queryable, type Read, type Tx } from '../../db/sql.js';

export type StreakKind = 'login' | 'dice';

const selectStreak = sql<{ userId: number; kind: StreakKind }, StreakRecord>(
  `SELECT last_day AS "lastDay", consecutive_days AS "consecutiveDays", total, streak_start_day AS "streakStartDay"
   FROM streaks WHERE user_id = :userId AND kind = :kind`,
);
const saveStreak = sql<{
  userId: number;
  kind: StreakKind;
  lastDay: string | null;
  consecutiveDays: number;
  total: number;
  streakStartDay: string | null;
  now: number;
}>(
  `INSERT INTO streaks (user_id, kind, last_day, consecutive_days, total, streak_start_day, updated_at)
   VALUES (:userId, :kind, :lastDay, :consecutiveDays, :total, :streakStartDay, :now)
   ON CONFLICT (user_id, kind) DO UPDATE SET last_day = excluded.last_day,
     consecutive_days = excluded.consecutive_days, total = excluded.total,
     streak_start_day = excluded.streak_start_day, updated_at = excluded.updated_at`,
);
const diceClaimOn = sql<{ userId: number; day: string }, { diceAdded: number }>(
  'SELECT dice_added AS "diceAdded" FROM daily_dice_claims WHERE user_id = :userId AND day = :day',
);
const insertDiceClaim = sql<
  { userId: number; day: string; diceAdded: number; consecutiveDays: number; now: number },
  { id: number }
>(
  `INSERT INTO daily_dice_claims (user_id, day, dice_added, consecutive_days, created_at)
   VALUES (:userId, :day, :diceAdded, :consecutiveDays, :now) RETURNING id`,
);
const insertLogin = sql<
  { userId: number; day: string; bonus: number; consecutiveDays: number; now: number },
  { id: number }
>(
  `INSERT INTO daily_logins (user_id, day, bonus, consecutive_days, created_at)
   VALUES (:userId, :day, :bonus, :consecutiveDays, :now) RETURNING id`,
);

async function returnedId(row: Promise<{ id: number } | undefined>): Promise<number> {
  const inserted = await row;
  if (!inserted) throw new Error('insert returned no id');
  return inserted.id;
}

/** Every query about daily streaks, free-dice claims and daily logins. */
/** Whether the player claimed the daily dice on `day` ('YYYY-MM-DD', one claim a day at most). */
export async function diceClaimedOn(q: Queryable, userId: number, day: string): Promise<boolean> {
  return (await q.get(diceClaimOn, { userId, day })) !== undefined;
}

export const dailyRepo = {
  streak: async (q: Queryable, userId: number, kind: StreakKind): Promise<StreakRecord> =>
    (await q.get(selectStreak, { userId, kind })) ?? emptyStreak(),
  /** `streak` for a caller that reads it together with other reads (Tx.readEach). */
  streakRead: (userId: number, kind: StreakKind): Read<StreakRecord> =>
    read(selectStreak, { userId, kind }, (rows) => rows[0] ?? emptyStreak()),
  saveStreak: (tx: Tx, userId: number, kind: StreakKind, record: StreakRecord, now: number) =>
    tx.run(saveStreak, {
      userId,
      kind,
      lastDay: record.lastDay,
      consecutiveDays: record.consecutiveDays,
      total: record.total,
      streakStartDay: record.streakStartDay,
      now,
    }),
  diceClaimOn: (q: Queryable, userId: number, day: string) => q.get(diceClaimOn, { userId, day }),
  insertDiceClaim: (
    tx: Tx,
    row: { userId: number; day: string; diceAdded: number; consecutiveDays: number; now: number },
  ) => returnedId(tx.get(insertDiceClaim, row)),
  insertLogin: (tx: Tx, row: { userId: number; day: string; bonus: number; consecutiveDays: number; now: number }) =>
    returnedId(tx.get(insertLogin, row)),
};
