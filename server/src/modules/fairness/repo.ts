import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database_, Db } from '../../db/client.js';
import { fairnessSeeds, rolls } from '../../db/schema/index.js';

export type SeedRow = typeof fairnessSeeds.$inferSelect;

/** Every query about fairness seeds and the verification view of rolls. */
export function createFairnessRepo(database: Database_) {
  const { db } = database;
  const activeSeed = db
    .select()
    .from(fairnessSeeds)
    .where(and(eq(fairnessSeeds.userId, sql.placeholder('userId')), isNull(fairnessSeeds.revealedAt)))
    .prepare();
  const bumpNonce = database.sqlite.prepare<[number]>(
    'UPDATE fairness_seeds SET next_nonce = next_nonce + 1 WHERE id = ?',
  );

  return {
    activeSeed: (userId: number): SeedRow | undefined => activeSeed.get({ userId }),
    nextSeedIndex: (tx: Db, userId: number): number =>
      (tx
        .select({ max: sql<number | null>`max(${fairnessSeeds.seedIndex})` })
        .from(fairnessSeeds)
        .where(eq(fairnessSeeds.userId, userId))
        .get()?.max ?? -1) + 1,
    insertSeed: (tx: Db, row: typeof fairnessSeeds.$inferInsert): SeedRow =>
      tx.insert(fairnessSeeds).values(row).returning().get(),
    bumpNonce: (seedId: number) => {
      bumpNonce.run(seedId);
    },
    setClientSeed: (tx: Db, seedId: number, clientSeed: string) =>
      tx.update(fairnessSeeds).set({ clientSeed }).where(eq(fairnessSeeds.id, seedId)).run(),
    reveal: (tx: Db, seedId: number, now: number) =>
      tx.update(fairnessSeeds).set({ revealedAt: now }).where(eq(fairnessSeeds.id, seedId)).run(),
    /** The player's latest rolls with their seed, newest first (read through rolls_user_created). */
    recentRolls: (userId: number, limit: number) =>
      db
        .select({
          rollId: rolls.id,
          createdAt: rolls.createdAt,
          serverSeedHash: fairnessSeeds.serverSeedHash,
          serverSeed: fairnessSeeds.serverSeed,
          revealedAt: fairnessSeeds.revealedAt,
          clientSeed: rolls.clientSeed,
          nonce: rolls.nonce,
          die: rolls.die,
          from: rolls.fromPosition,
          to: rolls.toPosition,
          tileId: rolls.tileId,
          rawReward: rolls.rawReward,
          reward: rolls.appliedReward,
        })
        .from(rolls)
        .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, rolls.seedId))
        .where(eq(rolls.userId, userId))
        .orderBy(desc(rolls.createdAt), desc(rolls.id))
        .limit(limit)
        .all(),
  };
}

export type FairnessRepo = ReturnType<typeof createFairnessRepo>;
