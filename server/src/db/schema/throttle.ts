import { bigint, index, table, text, time } from './define.js';

/**
 * Fixed-window counters shared by every instance (modules/throttle/db-counters.ts): per-IP auth rate
 * limits, login attempts per account, password checks, export throttles. One row per key; a hit is
 * one atomic upsert. Rows whose window has ended are pruned now and then (the reset_at index).
 */
export const throttleCounters = table(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    count: bigint('count').notNull(),
    /** When the current window ends (epoch ms). */
    resetAt: time('reset_at').notNull(),
  },
  { indexes: [index('throttle_counters_reset', ['resetAt'])] },
);
