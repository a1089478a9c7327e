import { CHAIN_COINS } from '@gogo/shared/rules';
import { bigint, id, index, int, table, text, time, uniqueIndex } from './define.js';

/**
 * On-chain money (modules/chain, modules/wallet). A player's deposit address is the child m/0/i of
 * DEPOSIT_XPUB with i = the player's id; it is written here the first time it is shown, and the
 * watcher credits transfers to the addresses of this table only.
 */
export const chainAddresses = table(
  'chain_addresses',
  {
    userId: bigint('user_id').primaryKey().references('users'),
    /** Lower-case 0x address. */
    address: text('address').notNull(),
    derivationIndex: bigint('derivation_index').notNull(),
    createdAt: time('created_at').notNull(),
  },
  { indexes: [uniqueIndex('chain_addresses_address_unique', ['address'])] },
);

/**
 * The watcher's place per chain: the last block scanned (number and hash) and what it last saw of the
 * node, so that every instance and the admin panel read the same figures. Moved forward in the same
 * transaction as the credits of the blocks it covers.
 */
export const chainCursors = table('chain_cursors', {
  chainId: bigint('chain_id').primaryKey(),
  blockNumber: bigint('block_number').notNull(),
  blockHash: text('block_hash').notNull(),
  /** The node's latest block at the last successful poll. */
  headBlock: bigint('head_block').notNull(),
  /** The last failure of the node (unreachable, garbage); cleared by the next good poll. */
  lastError: text('last_error'),
  errorAt: time('error_at'),
  polledAt: time('polled_at').notNull(),
});

/** Hashes of the blocks scanned inside the confirmation window: a changed hash means a reorg. */
export const chainBlocks = table(
  'chain_blocks',
  {
    chainId: bigint('chain_id').notNull(),
    blockNumber: bigint('block_number').notNull(),
    blockHash: text('block_hash').notNull(),
  },
  { primaryKey: ['chainId', 'blockNumber'] },
);

/**
 * Transfers to a player's address: `seen` until the block has CHAIN_CONFIRMATIONS, then `credited`
 * with the approved deposit it became. One row per chain, transaction and log (-1 for native ETH),
 * so that a transfer is credited once whatever the restarts, instances or reorgs.
 */
export const chainDeposits = table(
  'chain_deposits',
  {
    id: id(),
    chainId: bigint('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: int('log_index').notNull(),
    coin: text('coin', CHAIN_COINS).notNull(),
    userId: bigint('user_id').notNull().references('users'),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    /** The amount in the coin's base unit (wei, or the token's smallest unit), as decimal digits. */
    amountBase: text('amount_base').notNull(),
    blockNumber: bigint('block_number').notNull(),
    blockHash: text('block_hash').notNull(),
    status: text('status', ['seen', 'credited']).notNull(),
    /** The approved money_transactions row of the credit. */
    moneyTxId: bigint('money_tx_id'),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  {
    indexes: [
      uniqueIndex('chain_deposits_transfer_unique', ['chainId', 'txHash', 'logIndex']),
      index('chain_deposits_status', ['status', 'blockNumber']),
      index('chain_deposits_user', ['userId', 'createdAt']),
    ],
  },
);

/** A player's wallet, linked by a Sign-In with Ethereum signature; one wallet per player and per address. */
export const walletLinks = table(
  'wallet_links',
  {
    userId: bigint('user_id').primaryKey().references('users'),
    address: text('address').notNull(),
    linkedAt: time('linked_at').notNull(),
  },
  { indexes: [uniqueIndex('wallet_links_address_unique', ['address'])] },
);

/** Sign-In with Ethereum nonces: each used once, within ten minutes of its issue, by its player. */
export const walletNonces = table(
  'wallet_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: bigint('user_id').notNull().references('users'),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  { indexes: [index('wallet_nonces_expiry', ['expiresAt'])] },
);
