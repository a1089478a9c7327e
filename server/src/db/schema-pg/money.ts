import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins, users } from './accounts.js';

/**
 * PostgreSQL twin of db/schema/money.ts. The REAL columns mirror SQLite's as they stand; when the
 * SQLite schema moves amounts to exact integers, these follow (docs/scaling.md, "Keeping the two
 * schemas in step").
 */
export const moneyTransactions = pgTable(
  'money_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['deposit', 'withdrawal', 'purchase'] }).notNull(),
    amount: doublePrecision('amount').notNull(),
    currency: text('currency').notNull(),
    cryptoType: text('crypto_type'),
    cryptoAmount: doublePrecision('crypto_amount'),
    usdValue: doublePrecision('usd_value'),
    cryptoAddress: text('crypto_address'),
    txHash: text('tx_hash'),
    hashCurrency: text('hash_currency'),
    reference: text('reference'),
    note: text('note'),
    diceRollsRequested: bigint('dice_rolls_requested', { mode: 'number' }),
    status: text('status', {
      enum: ['pending', 'approved', 'rejected', 'completed', 'failed', 'cancelled'],
    })
      .notNull()
      .default('pending'),
    diceRollsCredited: bigint('dice_rolls_credited', { mode: 'number' }),
    gogoCredited: bigint('gogo_credited', { mode: 'number' }),
    adminNote: text('admin_note'),
    reason: text('reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => admins.id),
    reviewedAt: bigint('reviewed_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('money_tx_user_time').on(t.userId, t.createdAt),
    index('money_tx_status_type').on(t.status, t.type, t.createdAt),
    index('money_tx_time').on(t.createdAt),
    uniqueIndex('money_tx_currency_hash_unique')
      .on(t.hashCurrency, t.txHash)
      .where(sql`tx_hash IS NOT NULL`),
  ],
);

export const referrals = pgTable(
  'referrals',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    referredBy: bigint('referred_by', { mode: 'number' }).references(() => users.id),
    referredAt: bigint('referred_at', { mode: 'number' }),
    rewardPaidAt: bigint('reward_paid_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('referrals_code_unique').on(t.code), index('referrals_referred_by').on(t.referredBy)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: bigint('status_code', { mode: 'number' }).notNull(),
    response: text('response').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('idempotency_user_key_unique').on(t.userId, t.key)],
);
