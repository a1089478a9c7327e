import { read, sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';

/** A seed as the service sees it: nextNonce is its count of rolls drawn (SEED_NONCE). */
export type SeedRow = Omit<Row<'fairnessSeeds'>, 'servedBefore'>;

export interface FairnessRollRow {
  rollId: number;
  createdAt: number;
  serverSeedHash: string;
  serverSeed: string;
  revealedAt: number | null;
  clientSeed: string;
  nonce: number;
  die: number;
  from: number;
  to: number;
  tileId: number;
  rawReward: number;
  reward: number;
  boardNumber: number;
  propertyLevel: number;
  multiplier: number;
  /** 1 for the account's first roll (stored as an integer on both engines). */
  firstRoll: number;
}

/**
 * The player's rolls served (game_states.rolls_served, 0 before their first game action). A roll
 * counts it on the state row it writes anyway; the active seed's nonce is counted from it, so a roll
 * writes no seed row.
 */
const ROLLS_SERVED = (seeds: string) =>
  `coalesce((SELECT g.rolls_served FROM game_states g WHERE g.user_id = ${seeds}.user_id), 0)`;
/** A seed's nonce: the rolls drawn from it (the active seed's counted, a revealed one's as written). */
const SEED_NONCE = `CASE WHEN s.revealed_at IS NULL THEN ${ROLLS_SERVED('s')} - s.served_before ELSE s.next_nonce END`;

const SEED_COLUMNS = `s.id, s.user_id AS "userId", s.seed_index AS "seedIndex", s.server_seed AS "serverSeed",
  s.server_seed_hash AS "serverSeedHash", s.client_seed AS "clientSeed", ${SEED_NONCE} AS "nextNonce",
  s.created_at AS "createdAt", s.revealed_at AS "revealedAt"`;

const activeSeed = sql<{ userId: number }, SeedRow>(
  `SELECT ${SEED_COLUMNS} FROM fairness_seeds s WHERE s.user_id = :userId AND s.revealed_at IS NULL`,
);
// The roll's read: the active seed and the rolls ever served to the player, in one statement (the
// state row joined once: its count is both the nonce's base and the lifetime number).
const activeSeedForRoll = sql<{ userId: number }, SeedRow & { rollsServed: number }>(
  `SELECT s.id, s.user_id AS "userId", s.seed_index AS "seedIndex", s.server_seed AS "serverSeed",
     s.server_seed_hash AS "serverSeedHash", s.client_seed AS "clientSeed",
     coalesce(g.rolls_served, 0) - s.served_before AS "nextNonce",
     s.created_at AS "createdAt", s.revealed_at AS "revealedAt", coalesce(g.rolls_served, 0) AS "rollsServed"
   FROM fairness_seeds s LEFT JOIN game_states g ON g.user_id = s.user_id
   WHERE s.user_id = :userId AND s.revealed_at IS NULL`,
);
const seedHash = sql<{ id: number }, { serverSeedHash: string }>(
  'SELECT server_seed_hash AS "serverSeedHash" FROM fairness_seeds WHERE id = :id',
);
const nextSeedIndex = sql<{ userId: number }, { next: number }>(
  'SELECT coalesce(max(seed_index), -1) + 1 AS next FROM fairness_seeds WHERE user_id = :userId',
);
// Two first uses of one player at once: the unique indexes (one active seed, one seed per index)
// let exactly one insert through; the other inserts nothing and reads the winner's seed.
const insertSeed = sql<{
  userId: number;
  seedIndex: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  now: number;
}>(
  `INSERT INTO fairness_seeds (user_id, seed_index, server_seed, server_seed_hash, client_seed, next_nonce,
     served_before, created_at)
   VALUES (:userId, :seedIndex, :serverSeed, :serverSeedHash, :clientSeed, 0,
     coalesce((SELECT g.rolls_served FROM game_states g WHERE g.user_id = :userId), 0), :now)
   ON CONFLICT DO NOTHING`,
);
const setClientSeed = sql<{ id: number; clientSeed: string }>(
  'UPDATE fairness_seeds SET client_seed = :clientSeed WHERE id = :id',
);
// The rolls drawn from the seed are written as it is revealed: from then on they never change.
const reveal = sql<{ id: number; now: number }>(
  `UPDATE fairness_seeds SET revealed_at = :now,
     next_nonce = ${ROLLS_SERVED('fairness_seeds')} - served_before
   WHERE id = :id AND revealed_at IS NULL`,
);
// Through rolls_user_created: the player's latest rolls, newest first.
const recentRolls = sql<{ userId: number; limit: number }, FairnessRollRow>(
  `SELECT r.id AS "rollId", r.created_at AS "createdAt", s.server_seed_hash AS "serverSeedHash",
     s.server_seed AS "serverSeed", s.revealed_at AS "revealedAt", r.client_seed AS "clientSeed", r.nonce AS nonce,
     r.die AS die, r.from_position AS "from", r.to_position AS "to", r.tile_id AS "tileId",
     r.raw_reward AS "rawReward", r.applied_reward AS reward,
     r.board_number AS "boardNumber", r.property_level AS "propertyLevel", r.multiplier AS multiplier,
     r.first_roll AS "firstRoll"
   FROM rolls r JOIN fairness_seeds s ON s.id = r.seed_id
   WHERE r.user_id = :userId ORDER BY r.created_at DESC, r.id DESC LIMIT :limit`,
);

const rollsServedOf = sql<{ userId: number }, { n: number }>(
  'SELECT rolls_served AS n FROM game_states WHERE user_id = :userId',
);

/** Rolls ever served to the player (a progress reset does not lower it). */
export async function rollsServed(q: Queryable, userId: number): Promise<number> {
  return (await q.get(rollsServedOf, { userId }))?.n ?? 0;
}

/** Every query about fairness seeds and the verification view of rolls. */
export const fairnessRepo = {
  activeSeed: (q: Queryable, userId: number) => q.get(activeSeed, { userId }),
  activeSeedForRoll: (q: Queryable, userId: number) => q.get(activeSeedForRoll, { userId }),
  activeSeedForRollRead: (userId: number) => read(activeSeedForRoll, { userId }, (rows) => rows[0]),
  /** The commitment (server seed hash) of a seed, which a roll's stored answer names. */
  serverSeedHash: async (q: Queryable, seedId: number) => (await q.get(seedHash, { id: seedId }))?.serverSeedHash,
  nextSeedIndex: async (q: Queryable, userId: number) => (await q.get(nextSeedIndex, { userId }))?.next ?? 0,
  /** 1 when inserted, 0 when a concurrent transaction created the seed first. */
  insertSeed: (tx: Tx, row: Omit<SeedRow, 'id' | 'nextNonce' | 'createdAt' | 'revealedAt'>, now: number) =>
    tx.run(insertSeed, { ...row, now }),
  setClientSeed: (tx: Tx, seedId: number, clientSeed: string) => tx.run(setClientSeed, { id: seedId, clientSeed }),
  reveal: (tx: Tx, seedId: number, now: number) => tx.run(reveal, { id: seedId, now }),
  recentRolls: (q: Queryable, userId: number, limit: number) => q.all(recentRolls, { userId, limit }),
};
