import { and, eq, sql } from 'drizzle-orm';
import type { StreakRecord } from '@gogo/shared/rules';
import { emptyStreak } from '@gogo/shared/rules';
import type { Database_, Db } from '../../db/client.js';
import { dailyDiceClaims, dailyLogins, streaks } from '../../db/schema/index.js';

export type StreakKind = 'login' | 'dice';

/** Every query about daily streaks, free-dice claims and daily logins. */
export function createDailyRepo(database: Database_) {
  const { db } = database;
  const streak = db
    .select()
    .from(streaks)
    .where(and(eq(streaks.userId, sql.placeholder('userId')), eq(streaks.kind, sql.placeholder('kind'))))
    .prepare();

  return {
    streak(userId: number, kind: StreakKind): StreakRecord {
      const row = streak.get({ userId, kind });
      if (!row) return emptyStreak();
      return {
        lastDay: row.lastDay,
        consecutiveDays: row.consecutiveDays,
        total: row.total,
        streakStartDay: row.streakStartDay,
      };
    },
    saveStreak(tx: Db, userId: number, kind: StreakKind, record: StreakRecord, now: number) {
      const values = { ...record, updatedAt: now };
      tx.insert(streaks)
        .values({ userId, kind, ...values })
        .onConflictDoUpdate({ target: [streaks.userId, streaks.kind], set: values })
        .run();
    },
    diceClaimOn: (userId: number, day: string) =>
      db
        .select()
        .from(dailyDiceClaims)
        .where(and(eq(dailyDiceClaims.userId, userId), eq(dailyDiceClaims.day, day)))
        .get(),
    insertDiceClaim: (tx: Db, row: typeof dailyDiceClaims.$inferInsert) =>
      tx.insert(dailyDiceClaims).values(row).returning().get(),
    insertLogin: (tx: Db, row: typeof dailyLogins.$inferInsert) => tx.insert(dailyLogins).values(row).returning().get(),
  };
}

export type DailyRepo = ReturnType<typeof createDailyRepo>;
