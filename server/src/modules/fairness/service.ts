import type { FairnessRoll, FairnessStatus, RotateResult } from '@gogo/shared/api';
import { ErrorCode } from '@gogo/shared/api';
import { hashServerSeed, isValidClientSeed } from '@gogo/shared/fairness';
import { engineText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import type { Queryable, Tx } from '../../db/sql.js';
import { badRequest } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { lockGameState } from '../ledger/index.js';
import { fairnessRepo as repo, type SeedRow } from './repo.js';
import type { SeedSource } from './seeds.js';

export const FAIRNESS_ROLLS_DEFAULT = 20;
export const FAIRNESS_ROLLS_MAX = 100;

const iso = (ms: number) => new Date(ms).toISOString();

export function toFairnessStatus(seed: SeedRow): FairnessStatus {
  return {
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    nonce: seed.nextNonce,
    seedIndex: seed.seedIndex,
    createdAt: iso(seed.createdAt),
  };
}

/**
 * Provably-fair seeds (docs/adr, 'Dice are drawn from a provably fair seed'): commit, draw, rotate and
 * reveal.
 */
export function createFairnessService(deps: { database: Database; seeds: SeedSource; clock: Clock }) {
  const { database, seeds, clock } = deps;

  /** Commits to a new server seed unless a concurrent transaction did; answers the active seed. */
  async function createSeed(tx: Tx, userId: number, clientSeed: string, now: number): Promise<SeedRow> {
    const seedIndex = await repo.nextSeedIndex(tx, userId);
    const serverSeed = seeds.serverSeed(userId, seedIndex);
    await repo.insertSeed(
      tx,
      { userId, seedIndex, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed },
      now,
    );
    const seed = await repo.activeSeed(tx, userId);
    if (!seed) throw new Error(`no active seed for user ${userId}`);
    return seed;
  }

  /** The player's active seed, created on first use. Inside a write (the roll's transaction). */
  async function activeSeedIn(tx: Tx, userId: number, now: number): Promise<SeedRow> {
    return (await repo.activeSeed(tx, userId)) ?? createSeed(tx, userId, seeds.defaultClientSeed(userId), now);
  }

  /**
   * The seed a roll draws from (created on first use) and the rolls ever served to the player (the
   * sum of the nonces of all their seeds), in the roll's transaction.
   */
  /**
   * The seed a roll draws from. `found` is what seedForRollRead read in this transaction (the roll
   * reads it with other reads); without it, it is read here.
   */
  async function seedForRollIn(
    tx: Tx,
    userId: number,
    now: number,
    found: (SeedRow & { rollsServed: number }) | undefined | null = null,
  ): Promise<{ seed: SeedRow; rollsServed: number }> {
    if (found === null) found = await repo.activeSeedForRoll(tx, userId);
    if (found) {
      const { rollsServed, ...seed } = found;
      return { seed, rollsServed };
    }
    await createSeed(tx, userId, seeds.defaultClientSeed(userId), now);
    const created = await repo.activeSeedForRoll(tx, userId);
    if (!created) throw new Error(`no active seed for user ${userId}`);
    const { rollsServed, ...seed } = created;
    return { seed, rollsServed };
  }

  /** Reads without writing when the seed exists (the usual case); creates the commitment otherwise. */
  async function activeSeed(userId: number): Promise<SeedRow> {
    return (await repo.activeSeed(database.read, userId)) ?? database.write((tx) => activeSeedIn(tx, userId, clock()));
  }

  return {
    activeSeedIn,
    seedForRollIn,
    /** The roll's seed read, for the caller's Tx.readEach; hand its result to seedForRollIn. */
    seedForRollRead: (userId: number) => repo.activeSeedForRollRead(userId),
    /** The server seed hash of a seed (a stored roll's answer names it); '' for an unknown seed. */
    serverSeedHashOf: async (q: Queryable, seedId: number) => (await repo.serverSeedHash(q, seedId)) ?? '',
    status: async (userId: number): Promise<FairnessStatus> => toFairnessStatus(await activeSeed(userId)),

    async setClientSeed(userId: number, clientSeed: string): Promise<FairnessStatus> {
      if (!isValidClientSeed(clientSeed)) {
        throw badRequest(ErrorCode.INVALID_CLIENT_SEED, engineText.clientSeedInvalid, { field: 'clientSeed' });
      }
      return database.write(async (tx) => {
        const now = clock();
        // The player's rolls draw from this seed: no roll runs between reading and changing it.
        await lockGameState(tx, userId, now);
        const seed = await activeSeedIn(tx, userId, now);
        await repo.setClientSeed(tx, seed.id, clientSeed);
        return toFairnessStatus({ ...seed, clientSeed });
      });
    },

    /** Reveals the active server seed and commits to a new one (nonce 0, same client seed). */
    async rotate(userId: number): Promise<RotateResult> {
      return database.write(async (tx) => {
        const now = clock();
        await lockGameState(tx, userId, now);
        const old = await activeSeedIn(tx, userId, now);
        await repo.reveal(tx, old.id, now);
        const next = await createSeed(tx, userId, old.clientSeed, now);
        return {
          revealed: {
            serverSeed: old.serverSeed,
            serverSeedHash: old.serverSeedHash,
            clientSeed: old.clientSeed,
            rollsPlayed: old.nextNonce,
            seedIndex: old.seedIndex,
            createdAt: iso(old.createdAt),
            revealedAt: iso(now),
          },
          current: toFairnessStatus(next),
        };
      });
    },

    /** Recent rolls with what verifies them; the server seed only once it has been revealed. */
    async recentRolls(userId: number, limit: number = FAIRNESS_ROLLS_DEFAULT): Promise<FairnessRoll[]> {
      const capped = Math.min(Math.max(1, Math.floor(limit)), FAIRNESS_ROLLS_MAX);
      const rows = await repo.recentRolls(database.read, userId, capped);
      return rows.map((row) => ({
        rollId: row.rollId,
        createdAt: iso(row.createdAt),
        serverSeedHash: row.serverSeedHash,
        serverSeed: row.revealedAt === null ? null : row.serverSeed,
        revealed: row.revealedAt !== null,
        clientSeed: row.clientSeed,
        nonce: row.nonce,
        die: row.die,
        from: row.from,
        to: row.to,
        tileId: row.tileId,
        rawReward: row.rawReward,
        boardNumber: row.boardNumber,
        propertyLevel: row.propertyLevel,
        reward: row.reward,
        multiplier: row.multiplier,
        firstRoll: row.firstRoll === 1,
      }));
    },
  };
}

export type FairnessService = ReturnType<typeof createFairnessService>;
