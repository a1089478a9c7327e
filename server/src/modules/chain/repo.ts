import type { ChainCoin } from '@gogo/shared/rules';
import { sql, type Queryable, type Tx } from '../../db/sql.js';

export interface Cursor {
  chainId: number;
  blockNumber: number;
  blockHash: string;
  headBlock: number;
  lastError: string | null;
  errorAt: number | null;
  polledAt: number;
}

export interface SightingRow {
  id: number;
  chainId: number;
  txHash: string;
  logIndex: number;
  coin: ChainCoin;
  userId: number;
  toAddress: string;
  fromAddress: string;
  amountBase: string;
  blockNumber: number;
  blockHash: string;
  status: 'seen' | 'credited';
  moneyTxId: number | null;
  createdAt: number;
}

export type NewSighting = Omit<SightingRow, 'id' | 'status' | 'moneyTxId' | 'createdAt'>;

const CURSOR_COLUMNS = `chain_id AS "chainId", block_number AS "blockNumber", block_hash AS "blockHash",
  head_block AS "headBlock", last_error AS "lastError", error_at AS "errorAt", polled_at AS "polledAt"`;
const SIGHTING_COLUMNS = `id, chain_id AS "chainId", tx_hash AS "txHash", log_index AS "logIndex", coin,
  user_id AS "userId", to_address AS "toAddress", from_address AS "fromAddress", amount_base AS "amountBase",
  block_number AS "blockNumber", block_hash AS "blockHash", status, money_tx_id AS "moneyTxId",
  created_at AS "createdAt"`;

const selectAddressOf = sql<{ userId: number }, { address: string }>(
  'SELECT address FROM chain_addresses WHERE user_id = :userId',
);
const insertAddress = sql<{ userId: number; address: string; index: number; now: number }>(
  `INSERT INTO chain_addresses (user_id, address, derivation_index, created_at)
   VALUES (:userId, :address, :index, :now) ON CONFLICT (user_id) DO NOTHING`,
);
const selectAddresses = sql<Record<string, never>, { userId: number; address: string }>(
  'SELECT user_id AS "userId", address FROM chain_addresses',
);
const selectCursor = sql<{ chainId: number }, Cursor>(
  `SELECT ${CURSOR_COLUMNS} FROM chain_cursors WHERE chain_id = :chainId`,
);
const insertCursor = sql<{ chainId: number; blockNumber: number; blockHash: string; now: number }>(
  `INSERT INTO chain_cursors (chain_id, block_number, block_hash, head_block, polled_at)
   VALUES (:chainId, :blockNumber, :blockHash, :blockNumber, :now) ON CONFLICT (chain_id) DO NOTHING`,
);
// Moves only from where this watcher read it: a second watcher that got there first wins, this one rolls back.
const moveCursor = sql<{
  chainId: number;
  from: number;
  fromHash: string;
  to: number;
  toHash: string;
  head: number;
  now: number;
}>(
  `UPDATE chain_cursors SET block_number = :to, block_hash = :toHash, head_block = :head, polled_at = :now,
     last_error = NULL, error_at = NULL
   WHERE chain_id = :chainId AND block_number = :from AND block_hash = :fromHash`,
);
const recordError = sql<{ chainId: number; error: string; now: number }>(
  'UPDATE chain_cursors SET last_error = :error, error_at = :now WHERE chain_id = :chainId',
);
const insertBlock = sql<{ chainId: number; blockNumber: number; blockHash: string }>(
  `INSERT INTO chain_blocks (chain_id, block_number, block_hash) VALUES (:chainId, :blockNumber, :blockHash)
   ON CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = excluded.block_hash`,
);
const pruneBlocks = sql<{ chainId: number; below: number }>(
  'DELETE FROM chain_blocks WHERE chain_id = :chainId AND block_number < :below',
);
const selectBlocksDesc = sql<{ chainId: number }, { blockNumber: number; blockHash: string }>(
  `SELECT block_number AS "blockNumber", block_hash AS "blockHash" FROM chain_blocks
   WHERE chain_id = :chainId ORDER BY block_number DESC`,
);
const dropBlocksAbove = sql<{ chainId: number; above: number }>(
  'DELETE FROM chain_blocks WHERE chain_id = :chainId AND block_number > :above',
);
const dropSeenAbove = sql<{ chainId: number; above: number }, { userId: number }>(
  `DELETE FROM chain_deposits WHERE chain_id = :chainId AND status = 'seen' AND block_number > :above
   RETURNING user_id AS "userId"`,
);
const insertSighting = sql<NewSighting & { now: number }, { id: number }>(
  `INSERT INTO chain_deposits (chain_id, tx_hash, log_index, coin, user_id, to_address, from_address, amount_base,
     block_number, block_hash, status, created_at, updated_at)
   VALUES (:chainId, :txHash, :logIndex, :coin, :userId, :toAddress, :fromAddress, :amountBase, :blockNumber,
     :blockHash, 'seen', :now, :now)
   ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING RETURNING id`,
);
const selectSeen = sql<{ chainId: number }, SightingRow>(
  `SELECT ${SIGHTING_COLUMNS} FROM chain_deposits WHERE chain_id = :chainId AND status = 'seen'
   ORDER BY block_number, id`,
);
// 'seen' to 'credited' once: the condition decides between two watchers that both got this far.
const markCredited = sql<{ id: number; moneyTxId: number; now: number }>(
  `UPDATE chain_deposits SET status = 'credited', money_tx_id = :moneyTxId, updated_at = :now
   WHERE id = :id AND status = 'seen'`,
);
const selectOfUser = sql<{ userId: number; limit: number }, SightingRow>(
  `SELECT ${SIGHTING_COLUMNS} FROM chain_deposits WHERE user_id = :userId ORDER BY created_at DESC, id DESC LIMIT :limit`,
);
const selectRecent = sql<{ limit: number }, SightingRow & { username: string | null }>(
  `SELECT ${SIGHTING_COLUMNS}, (SELECT u.username FROM users u WHERE u.id = chain_deposits.user_id) AS username
   FROM chain_deposits ORDER BY created_at DESC, id DESC LIMIT :limit`,
);

export const chainRepo = {
  addressOf: async (q: Queryable, userId: number) => (await q.get(selectAddressOf, { userId }))?.address ?? null,
  saveAddress: (tx: Tx, userId: number, address: string, index: number, now: number) =>
    tx.run(insertAddress, { userId, address, index, now }),
  addresses: (q: Queryable) => q.all(selectAddresses, {}),
  cursor: (q: Queryable, chainId: number) => q.get(selectCursor, { chainId }),
  startCursor: (tx: Tx, chainId: number, blockNumber: number, blockHash: string, now: number) =>
    tx.run(insertCursor, { chainId, blockNumber, blockHash, now }),
  async moveCursor(
    tx: Tx,
    chainId: number,
    from: { blockNumber: number; blockHash: string },
    to: { blockNumber: number; blockHash: string },
    head: number,
    now: number,
  ): Promise<boolean> {
    const changed = await tx.run(moveCursor, {
      chainId,
      from: from.blockNumber,
      fromHash: from.blockHash,
      to: to.blockNumber,
      toHash: to.blockHash,
      head,
      now,
    });
    return changed === 1;
  },
  recordError: (tx: Tx, chainId: number, error: string, now: number) => tx.run(recordError, { chainId, error, now }),
  saveBlock: (tx: Tx, chainId: number, blockNumber: number, blockHash: string) =>
    tx.run(insertBlock, { chainId, blockNumber, blockHash }),
  pruneBlocks: (tx: Tx, chainId: number, below: number) => tx.run(pruneBlocks, { chainId, below }),
  blocksDesc: (q: Queryable, chainId: number) => q.all(selectBlocksDesc, { chainId }),
  /** Forgets what was scanned above `above` (a reorg): its blocks and the transfers not yet credited. */
  async rewind(tx: Tx, chainId: number, above: number): Promise<number[]> {
    await tx.run(dropBlocksAbove, { chainId, above });
    return (await tx.all(dropSeenAbove, { chainId, above })).map((r) => r.userId);
  },
  async addSighting(tx: Tx, row: NewSighting, now: number): Promise<boolean> {
    return (await tx.get(insertSighting, { ...row, now })) !== undefined;
  },
  seen: (q: Queryable, chainId: number) => q.all(selectSeen, { chainId }),
  async markCredited(tx: Tx, id: number, moneyTxId: number, now: number): Promise<boolean> {
    return (await tx.run(markCredited, { id, moneyTxId, now })) === 1;
  },
  ofUser: (q: Queryable, userId: number, limit: number) => q.all(selectOfUser, { userId, limit }),
  recent: (q: Queryable, limit: number) => q.all(selectRecent, { limit }),
};
