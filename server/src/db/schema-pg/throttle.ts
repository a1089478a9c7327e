import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of db/schema/throttle.ts. */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    count: bigint('count', { mode: 'number' }).notNull(),
    resetAt: bigint('reset_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('throttle_counters_reset').on(t.resetAt)],
);
