import type { FairnessRoll, FairnessStatus, RotateResult } from '@gogo/shared/api';
import { ErrorCode } from '@gogo/shared/api';
import { hashServerSeed, isValidClientSeed } from '@gogo/shared/fairness';
import { engineText } from '@gogo/shared/messages';
import type { Database_, Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { FairnessRepo, SeedRow } from './repo.js';
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

/** Provably-fair seeds (decisions.md section 2): commit, draw, rotate and reveal. */
export function createFairnessService(deps: {
  database: Database_;
  repo: FairnessRepo;
  seeds: SeedSource;
  clock: Clock;
}) {
  const { database, repo, seeds, clock } = deps;

  function createSeed(tx: Db, userId: number, clientSeed: string, now: number): SeedRow {
    const seedIndex = repo.nextSeedIndex(tx, userId);
    const serverSeed = seeds.serverSeed(userId, seedIndex);
    return repo.insertSeed(tx, {
      userId,
      seedIndex,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed,
      nextNonce: 0,
      createdAt: now,
    });
  }

  /** The player's active seed, created on first use. Must run inside database.legacyWrite(). */
  function activeSeedIn(tx: Db, userId: number, now: number): SeedRow {
    return repo.activeSeed(userId) ?? createSeed(tx, userId, seeds.defaultClientSeed(userId), now);
  }

  /** Reads without writing when the seed exists (the usual case); creates the commitment otherwise. */
  function activeSeed(userId: number): SeedRow {
    return repo.activeSeed(userId) ?? database.legacyWrite((tx) => activeSeedIn(tx, userId, clock()));
  }

  return {
    activeSeedIn,
    /** Advances the nonce after a roll drew from `seed`. Must run inside database.legacyWrite(). */
    consumeNonce: (seed: SeedRow) => repo.bumpNonce(seed.id),

    status: (userId: number): FairnessStatus => toFairnessStatus(activeSeed(userId)),

    setClientSeed(userId: number, clientSeed: string): FairnessStatus {
      if (!isValidClientSeed(clientSeed)) {
        throw badRequest(ErrorCode.INVALID_CLIENT_SEED, engineText.clientSeedInvalid, { field: 'clientSeed' });
      }
      return database.legacyWrite((tx) => {
        const seed = activeSeedIn(tx, userId, clock());
        repo.setClientSeed(tx, seed.id, clientSeed);
        return toFairnessStatus({ ...seed, clientSeed });
      });
    },

    /** Reveals the active server seed and commits to a new one (nonce 0, same client seed). */
    rotate(userId: number): RotateResult {
      return database.legacyWrite((tx) => {
        const now = clock();
        const old = activeSeedIn(tx, userId, now);
        repo.reveal(tx, old.id, now);
        const next = createSeed(tx, userId, old.clientSeed, now);
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
    recentRolls(userId: number, limit: number = FAIRNESS_ROLLS_DEFAULT): FairnessRoll[] {
      const capped = Math.min(Math.max(1, Math.floor(limit)), FAIRNESS_ROLLS_MAX);
      return repo.recentRolls(userId, capped).map((row) => ({
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
        reward: row.reward,
      }));
    },
  };
}

export type FairnessService = ReturnType<typeof createFairnessService>;
