import { sql } from 'drizzle-orm';
import { MONEY_REQUEST_TYPES } from '@gogo/shared/rules';
import { bigint, id, index, json, table, text, time, uniqueIndex } from './define.js';

/**
 * Money requests a player makes and an admin reviews: deposits and dice purchases (nothing credited
 * until approved) and withdrawals (the amount is held by a ledger entry at request time). A row
 * leaves `pending` once. Value never moves through this table: the ledger records every credit,
 * hold and refund, with ref_type 'money_tx' and ref_id = this id.
 */
export const moneyTransactions = table(
  'money_transactions',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users'),
    type: text('type', MONEY_REQUEST_TYPES).notNull(),
    /**
     * In minor units (MONEY_SCALE = 1e8 of the unit, shared/src/rules): deposits crypto, purchases USD,
     * withdrawals whole GOGO. Integers so that sums and comparisons are exact on every engine.
     */
    amountUnits: bigint('amount_units').notNull(),
    /** Unit of `amount`: a crypto type, 'USD' or 'GOGO'. */
    currency: text('currency').notNull(),
    /** The crypto of the transfer (deposit paid, purchase paid with, payout of a withdrawal). */
    cryptoType: text('crypto_type'),
    /** Purchases: crypto paid for the USD price, as quoted to the player (minor units). */
    cryptoAmountUnits: bigint('crypto_amount_units'),
    /** Deposits: USD value at request time when a price was known (minor units). */
    usdValueUnits: bigint('usd_value_units'),
    /** Deposits and purchases: the sending address; withdrawals: the payout address. */
    cryptoAddress: text('crypto_address'),
    /** Normalised (see normalizeTxHash): claimed once per hash currency. */
    txHash: text('tx_hash'),
    /** The chain the hashed transfer was made on (EVM for ETH, USDT, USDC; else the coin). Set with tx_hash. */
    hashCurrency: text('hash_currency'),
    reference: text('reference'),
    note: text('note'),
    diceRollsRequested: bigint('dice_rolls_requested'),
    status: text('status', ['pending', 'approved', 'rejected', 'completed', 'failed', 'cancelled'])
      .notNull()
      .default('pending'),
    /** What an approval credited (deposits and purchases). */
    diceRollsCredited: bigint('dice_rolls_credited'),
    gogoCredited: bigint('gogo_credited'),
    adminNote: text('admin_note'),
    /** Why it was rejected (or failed). */
    reason: text('reason'),
    reviewedBy: bigint('reviewed_by').references('admins'),
    reviewedAt: time('reviewed_at'),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  {
    indexes: [
      index('money_tx_user_time', ['userId', 'createdAt']),
      index('money_tx_status_type', ['status', 'type', 'createdAt']),
      // All Transactions merges requests and ledger entries by time.
      index('money_tx_time', ['createdAt']),
      // A transfer is claimed once per currency, the crypto it was made in: a USD purchase paid in BTC
      // and a BTC deposit compete for the same hash.
      uniqueIndex('money_tx_currency_hash_unique', ['hashCurrency', 'txHash'], () => sql`tx_hash IS NOT NULL`),
    ],
  },
);

/**
 * One row per player who has a referral code or applied one. The code is issued on first request;
 * referred_by is set once; reward_paid_at is set, once, inside the friend's qualifying roll.
 */
export const referrals = table(
  'referrals',
  {
    userId: bigint('user_id').primaryKey().references('users'),
    code: text('code').notNull(),
    referredBy: bigint('referred_by').references('users'),
    referredAt: time('referred_at'),
    rewardPaidAt: time('reward_paid_at'),
    createdAt: time('created_at').notNull(),
  },
  { indexes: [uniqueIndex('referrals_code_unique', ['code']), index('referrals_referred_by', ['referredBy'])] },
);

/** POST /api/credits/spend answers, kept per (player, key) so that a retry replays the first one. */
export const idempotencyKeys = table(
  'idempotency_keys',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users'),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body: the same key with another body is refused (409). */
    requestHash: text('request_hash').notNull(),
    statusCode: bigint('status_code').notNull(),
    response: json('response').notNull(),
    createdAt: time('created_at').notNull(),
  },
  { indexes: [uniqueIndex('idempotency_user_key_unique', ['userId', 'key'])] },
);

/**
 * The last prices fetched from the price feed, shared by every instance (nothing that matters across
 * requests lives in one process's memory). One row per feed URL.
 */
export const priceCache = table('price_cache', {
  feedUrl: text('feed_url').primaryKey(),
  /** JSON {btc, eth, sol, usdt, usdc} in USD; null until the first successful fetch. */
  pricesUsd: json<Record<string, number>>('prices_usd'),
  /** When the prices were fetched (epoch ms). */
  fetchedAt: time('fetched_at'),
  /** The last failed fetch: every instance leaves the feed alone for a moment after it. */
  failedAt: time('failed_at'),
});
