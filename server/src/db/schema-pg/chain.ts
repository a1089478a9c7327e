import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** PostgreSQL twin of db/schema/chain.ts. */
export const chainAddresses = pgTable(
  'chain_addresses',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    address: text('address').notNull(),
    derivationIndex: bigint('derivation_index', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('chain_addresses_address_unique').on(t.address)],
);

export const chainCursors = pgTable('chain_cursors', {
  chainId: bigint('chain_id', { mode: 'number' }).primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  headBlock: bigint('head_block', { mode: 'number' }).notNull(),
  lastError: text('last_error'),
  errorAt: bigint('error_at', { mode: 'number' }),
  polledAt: bigint('polled_at', { mode: 'number' }).notNull(),
});

export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber] })],
);

export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    coin: text('coin', { enum: ['ETH', 'USDT', 'USDC'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    amountBase: text('amount_base').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    status: text('status', { enum: ['seen', 'credited'] }).notNull(),
    moneyTxId: bigint('money_tx_id', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('chain_deposits_transfer_unique').on(t.chainId, t.txHash, t.logIndex),
    index('chain_deposits_status').on(t.status, t.blockNumber),
    index('chain_deposits_user').on(t.userId, t.createdAt),
  ],
);

export const walletLinks = pgTable(
  'wallet_links',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    address: text('address').notNull(),
    linkedAt: bigint('linked_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('wallet_links_address_unique').on(t.address)],
);

export const walletNonces = pgTable(
  'wallet_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
  },
  (t) => [index('wallet_nonces_expiry').on(t.expiresAt)],
);
