import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameStates, ledgerEntries, referrals, userProfiles, users } from '../../db/schema/index.js';

export type ReferralRow = typeof referrals.$inferSelect;

/** Every query about referrals. Each takes the Db so that it can run inside database.legacyWrite(). */
export const referralsRepo = {
  byUser: (db: Db, userId: number) => db.select().from(referrals).where(eq(referrals.userId, userId)).get(),
  byCode: (db: Db, code: string) => db.select().from(referrals).where(eq(referrals.code, code)).get(),
  /** A deleted account's code is dead: it can neither be applied nor earn a reward. */
  isDeleted: (db: Db, userId: number) =>
    db
      .select({ deletedAt: userProfiles.deletedAt })
      .from(userProfiles)
      .where(and(eq(userProfiles.userId, userId), isNotNull(userProfiles.deletedAt)))
      .get() !== undefined,
  insert: (db: Db, row: typeof referrals.$inferInsert) => db.insert(referrals).values(row).returning().get(),
  setReferrer: (db: Db, userId: number, referredBy: number, now: number) =>
    db.update(referrals).set({ referredBy, referredAt: now }).where(eq(referrals.userId, userId)).run(),
  /** Marks the reward paid; 0 rows changed when it was paid already (the flag is set once). */
  markRewardPaid: (db: Db, userId: number, now: number) =>
    db
      .update(referrals)
      .set({ rewardPaidAt: now })
      .where(and(eq(referrals.userId, userId), sql`${referrals.rewardPaidAt} IS NULL`, isNotNull(referrals.referredBy)))
      .run().changes,
  username: (db: Db, userId: number) =>
    db.select({ username: users.username }).from(users).where(eq(users.id, userId)).get()?.username ?? null,
  friends: (db: Db, referrerId: number) =>
    db
      .select({
        username: users.username,
        referredAt: referrals.referredAt,
        totalRolls: sql<number>`coalesce(${gameStates.totalRolls}, 0)`,
        rewardPaidAt: referrals.rewardPaidAt,
      })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.userId))
      .leftJoin(gameStates, eq(gameStates.userId, referrals.userId))
      .where(eq(referrals.referredBy, referrerId))
      .orderBy(desc(referrals.referredAt), desc(referrals.userId))
      .all(),
  counts: (db: Db, referrerId: number) =>
    db
      .select({
        referred: sql<number>`count(*)`,
        rewarded: sql<number>`count(${referrals.rewardPaidAt})`,
      })
      .from(referrals)
      .where(eq(referrals.referredBy, referrerId))
      .get() ?? { referred: 0, rewarded: 0 },
  rewardTotal: (db: Db, userId: number) =>
    db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.asset, 'GOGO'), eq(ledgerEntries.reason, 'referral')),
      )
      .get()?.total ?? 0,
};
