import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.js';

/**
 * On-chain money (modules/chain, modules/wallet). A player's deposit address is the child m/0/i of
 * DEPOSIT_XPUB with i = the player's id; it is written here the first time it is shown, and the
 * watcher credits transfers to the addresses of this table only.
 */
export const chainAddresses = sqliteTable(
  'chain_addresses',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** Lower-case 0x address. */
    address: text('address').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('chain_addresses_address_unique').on(t.address)],
);

/**
 * The watcher's place per chain: the last block scanned (number and hash) and what it last saw of the
 * node, so that every instance and the admin panel read the same figures. Moved forward in the same
 * transaction as the credits of the blocks it covers.
 */
export const chainCursors = sqliteTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: integer('block_number').notNull(),
  blockHash: text('block_hash').notNull(),
  /** The node's latest block at the last successful poll. */
  headBlock: integer('head_block').notNull(),
  /** The last failure of the node (unreachable, garbage); cleared by the next good poll. */
  lastError: text('last_error'),
  errorAt: integer('error_at'),
  polledAt: integer('polled_at').notNull(),
});

/** Hashes of the blocks scanned inside the confirmation window: a changed hash means a reorg. */
export const chainBlocks = sqliteTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    blockNumber: integer('block_number').notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber] })],
);

/**
 * Transfers to a player's address: `seen` until the block has CHAIN_CONFIRMATIONS, then `credited`
 * with the approved deposit it became. One row per chain, transaction and log (-1 for native ETH),
 * so that a transfer is credited once whatever the restarts, instances or reorgs.
 */
export const chainDeposits = sqliteTable(
  'chain_deposits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    coin: text('coin', { enum: ['ETH', 'USDT', 'USDC'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    /** The amount in the coin's base unit (wei, or the token's smallest unit), as decimal digits. */
    amountBase: text('amount_base').notNull(),
    blockNumber: integer('block_number').notNull(),
    blockHash: text('block_hash').notNull(),
    status: text('status', { enum: ['seen', 'credited'] }).notNull(),
    /** The approved money_transactions row of the credit. */
    moneyTxId: integer('money_tx_id'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('chain_deposits_transfer_unique').on(t.chainId, t.txHash, t.logIndex),
    index('chain_deposits_status').on(t.status, t.blockNumber),
    index('chain_deposits_user').on(t.userId, t.createdAt),
  ],
);

/** A player's wallet, linked by a Sign-In with Ethereum signature; one wallet per player and per address. */
export const walletLinks = sqliteTable(
  'wallet_links',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    address: text('address').notNull(),
    linkedAt: integer('linked_at').notNull(),
  },
  (t) => [uniqueIndex('wallet_links_address_unique').on(t.address)],
);

/** Sign-In with Ethereum nonces: each used once, within ten minutes of its issue, by its player. */
export const walletNonces = sqliteTable(
  'wallet_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('wallet_nonces_expiry').on(t.expiresAt)],
);
