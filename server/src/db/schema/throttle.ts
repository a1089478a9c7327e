import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Fixed-window counters shared by every instance (modules/throttle/db-counters.ts): per-IP auth rate
 * limits, login attempts per account, password checks, export throttles. One row per key; a hit is
 * one atomic upsert. Rows whose window has ended are pruned now and then (the reset_at index).
 */
export const throttleCounters = sqliteTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the current window ends (epoch ms). */
    resetAt: integer('reset_at').notNull(),
  },
  (t) => [index('throttle_counters_reset').on(t.resetAt)],
);
