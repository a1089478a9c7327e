import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { admins, users } from './accounts.js';

/**
 * Money requests a player makes and an admin reviews: deposits and dice purchases (nothing credited
 * until approved) and withdrawals (the amount is held by a ledger entry at request time). A row
 * leaves `pending` once. Value never moves through this table: the ledger records every credit,
 * hold and refund, with ref_type 'money_tx' and ref_id = this id.
 */
export const moneyTransactions = sqliteTable(
  'money_transactions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['deposit', 'withdrawal', 'purchase'] }).notNull(),
    /**
     * In minor units (MONEY_SCALE = 1e8 of the unit, shared/src/rules): deposits crypto, purchases USD,
     * withdrawals whole GOGO. Integers so that sums and comparisons are exact on every engine.
     */
    amountUnits: integer('amount_units').notNull(),
    /** Unit of `amount`: a crypto type, 'USD' or 'GOGO'. */
    currency: text('currency').notNull(),
    /** The crypto of the transfer (deposit paid, purchase paid with, payout of a withdrawal). */
    cryptoType: text('crypto_type'),
    /** Purchases: crypto paid for the USD price, as quoted to the player (minor units). */
    cryptoAmountUnits: integer('crypto_amount_units'),
    /** Deposits: USD value at request time when a price was known (minor units). */
    usdValueUnits: integer('usd_value_units'),
    /** Deposits and purchases: the sending address; withdrawals: the payout address. */
    cryptoAddress: text('crypto_address'),
    /** Normalised (see normalizeTxHash): claimed once per hash currency. */
    txHash: text('tx_hash'),
    /** The chain the hashed transfer was made on (EVM for ETH, USDT, USDC; else the coin). Set with tx_hash. */
    hashCurrency: text('hash_currency'),
    reference: text('reference'),
    note: text('note'),
    diceRollsRequested: integer('dice_rolls_requested'),
    status: text('status', {
      enum: ['pending', 'approved', 'rejected', 'completed', 'failed', 'cancelled'],
    })
      .notNull()
      .default('pending'),
    /** What an approval credited (deposits and purchases). */
    diceRollsCredited: integer('dice_rolls_credited'),
    gogoCredited: integer('gogo_credited'),
    adminNote: text('admin_note'),
    /** Why it was rejected (or failed). */
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => admins.id),
    reviewedAt: integer('reviewed_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('money_tx_user_time').on(t.userId, t.createdAt),
    index('money_tx_status_type').on(t.status, t.type, t.createdAt),
    // All Transactions merges requests and ledger entries by time.
    index('money_tx_time').on(t.createdAt),
    // A transfer is claimed once per currency, the crypto it was made in: a USD purchase paid in BTC
    // and a BTC deposit compete for the same hash.
    uniqueIndex('money_tx_currency_hash_unique')
      .on(t.hashCurrency, t.txHash)
      .where(sql`tx_hash IS NOT NULL`),
  ],
);

/**
 * One row per player who has a referral code or applied one. The code is issued on first request;
 * referred_by is set once; reward_paid_at is set, once, inside the friend's qualifying roll.
 */
export const referrals = sqliteTable(
  'referrals',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    referredBy: integer('referred_by').references(() => users.id),
    referredAt: integer('referred_at'),
    rewardPaidAt: integer('reward_paid_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('referrals_code_unique').on(t.code), index('referrals_referred_by').on(t.referredBy)],
);

/** POST /api/credits/spend answers, kept per (player, key) so that a retry replays the first one. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body: the same key with another body is refused (422). */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: text('response', { mode: 'json' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('idempotency_user_key_unique').on(t.userId, t.key)],
);

/**
 * The last prices fetched from the price feed, shared by every instance (issue 11: nothing that
 * matters across requests lives in one process's memory). One row per feed URL.
 */
export const priceCache = sqliteTable('price_cache', {
  feedUrl: text('feed_url').primaryKey(),
  /** JSON {btc, eth, sol, usdt, usdc} in USD; null until the first successful fetch. */
  pricesUsd: text('prices_usd'),
  /** When the prices were fetched (epoch ms). */
  fetchedAt: integer('fetched_at'),
  /** The last failed fetch: every instance leaves the feed alone for a moment after it. */
  failedAt: integer('failed_at'),
});
