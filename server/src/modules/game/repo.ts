import { bool, sql, write, type Queryable, type Tx, type Write } from '../../db/sql.js';
import { STATE_COLUMNS, type StoredState } from '../ledger/index.js';
import type { Row } from '../../db/schema/rows.js';

/** A roll to store; `result` is the answer without its rollId (the row's id): written with the row, once. */
export type NewRoll = Omit<Row<'rolls'>, 'id' | 'fromPosition' | 'toPosition' | 'isJackpot'> & {
  from: number;
  to: number;
  isJackpot: boolean;
};

/** What the roll reads with its state lock besides the state (the player's session and a stored answer). */
export interface RollExtras {
  tokenVersion: number | null;
  lastSeen: number | null;
  replayId: number | null;
  /** PostgreSQL: the id the roll will be stored under (drawn from the rolls' sequence), so that every write of the roll goes in one statement. SQLite: null (the insert answers it). */
  nextRollId: number | null;
}
// The roll's first statement: the state row locked (as ledger's lockGameState locks it), with what
// the roll must check before it writes: the account's token version and last_seen (the request's
// token check runs here, in the roll's transaction) and an earlier roll with this requestId. One
// round trip instead of four. The session and the earlier roll are read with the statement's
// snapshot, taken before any wait for the lock (READ COMMITTED): a roll with the same requestId
// committed meanwhile is found by the refusal and unique-index paths of the service instead.
// PostgreSQL joins the locked row to one lookup of each (two index scans where four scalar
// subqueries took four) and draws the roll's id from the rolls' identity sequence (named in the
// migration); SQLite, whose writes are serialised, reads the same with subqueries.
const rollContext = sql<{ userId: number; requestId: string | null }, StoredState & RollExtras>({
  sqlite: `SELECT ${STATE_COLUMNS},
     (SELECT u.token_version FROM users u WHERE u.id = :userId) AS "tokenVersion",
     (SELECT u.last_seen FROM users u WHERE u.id = :userId) AS "lastSeen",
     (SELECT r.id FROM rolls r WHERE r.user_id = :userId AND r.request_id = :requestId) AS "replayId",
     NULL AS "nextRollId"
   FROM game_states WHERE user_id = :userId`,
  postgres: `SELECT g.*, u.token_version AS "tokenVersion", u.last_seen AS "lastSeen",
     r.id AS "replayId", nextval('rolls_id_seq') AS "nextRollId"
   FROM (SELECT ${STATE_COLUMNS} FROM game_states WHERE user_id = :userId FOR UPDATE) g
   LEFT JOIN users u ON u.id = g."userId"
   LEFT JOIN rolls r ON r.user_id = g."userId" AND r.request_id = :requestId`,
});
/** A stored roll as its replay needs it: its answer and what the answer leaves to the row. */
export interface StoredRollRow {
  id: number;
  result: string;
  answer: Buffer | null;
  clientSeed: string;
  nonce: number;
  createdAt: number;
  seedId: number;
}
const rollByRequest = sql<{ userId: number; requestId: string }, StoredRollRow>(
  `SELECT id, result, answer, client_seed AS "clientSeed", nonce, created_at AS "createdAt", seed_id AS "seedId"
   FROM rolls WHERE user_id = :userId AND request_id = :requestId`,
);
const insertRoll = sql<Omit<NewRoll, 'isJackpot'> & { isJackpot: number }, { id: number }>(
  `INSERT INTO rolls (user_id, seq, seed_id, client_seed, nonce, die, from_position, to_position, tile_id,
     raw_reward, applied_reward, achievement_reward, is_jackpot, board_number, property_level, multiplier, first_roll,
     salary, request_id, result, answer, created_at)
   VALUES (:userId, :seq, :seedId, :clientSeed, :nonce, :die, :from, :to, :tileId,
     :rawReward, :appliedReward, :achievementReward, :isJackpot, :boardNumber, :propertyLevel, :multiplier, :firstRoll,
     :salary, :requestId, :result, :answer, :createdAt)
   RETURNING id`,
);
const insertRollWithId = sql<Omit<NewRoll, 'isJackpot'> & { id: number; isJackpot: number }>(
  `INSERT INTO rolls (id, user_id, seq, seed_id, client_seed, nonce, die, from_position, to_position, tile_id,
     raw_reward, applied_reward, achievement_reward, is_jackpot, board_number, property_level, multiplier, first_roll,
     salary, request_id, result, answer, created_at)
   VALUES (:id, :userId, :seq, :seedId, :clientSeed, :nonce, :die, :from, :to, :tileId,
     :rawReward, :appliedReward, :achievementReward, :isJackpot, :boardNumber, :propertyLevel, :multiplier, :firstRoll,
     :salary, :requestId, :result, :answer, :createdAt)`,
);
const insertUnlock = sql<{
  userId: number;
  achievementId: string;
  rewardPaid: number;
  rollId: number | null;
  now: number;
}>(
  `INSERT INTO achievement_unlocks (user_id, achievement_id, reward_paid, roll_id, unlocked_at)
   VALUES (:userId, :achievementId, :rewardPaid, :rollId, :now)`,
);
const latestUnlocks = sql<{ userId: number }, { id: string; at: number }>(
  `SELECT achievement_id AS id, max(unlocked_at) AS at FROM achievement_unlocks
   WHERE user_id = :userId GROUP BY achievement_id`,
);

/** Queries of the roll path and the game state: statements defined once, run on the given tx. */
export const gameRepo = {
  /** The player's state row, locked, with the roll's extras; undefined before the first game action. */
  rollContext: (tx: Tx, userId: number, requestId: string | null) => tx.get(rollContext, { userId, requestId }),
  /** An earlier roll with this request id, if any: its id, stored answer and what the answer leaves to the row. */
  rollByRequest: (q: Queryable, userId: number, requestId: string) => q.get(rollByRequest, { userId, requestId }),
  insertRoll: async (tx: Tx, roll: NewRoll): Promise<number> => {
    const row = await tx.get(insertRoll, { ...roll, isJackpot: bool(roll.isJackpot) });
    if (!row) throw new Error('roll insert returned no id');
    return row.id;
  },
  /** The roll's insert under the id rollContext drew (PostgreSQL), for Tx.runAll. */
  insertRollWrite: (roll: NewRoll, id: number): Write =>
    write(insertRollWithId, { ...roll, id, isJackpot: bool(roll.isJackpot) }),
  insertUnlock: (
    tx: Tx,
    userId: number,
    achievementId: string,
    rewardPaid: number,
    rollId: number | null,
    now: number,
  ) => tx.run(insertUnlock, { userId, achievementId, rewardPaid, rollId, now }),
  insertUnlockWrite: (userId: number, achievementId: string, rewardPaid: number, rollId: number, now: number): Write =>
    write(insertUnlock, { userId, achievementId, rewardPaid, rollId, now }),
  /** When each achievement was last unlocked (the current unlock after any reset). */
  latestUnlocks: async (q: Queryable, userId: number) =>
    new Map((await q.all(latestUnlocks, { userId })).map((row) => [row.id, row.at])),
};
