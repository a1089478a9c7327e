import type { Database } from '../../db/database.js';
import { sql, type Tx } from '../../db/sql.js';

/**
 * Fixed-window counters shared by every instance (throttles must hold across instances):
 * login attempts per account, password checks, export throttles, and the store behind
 * @fastify/rate-limit. Services depend on this interface only; app.ts picks the implementation.
 */
export interface Counters {
  /** Counts one hit of `key` in a fixed window of `windowMs`: the count in this window and when it ends. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** Hits of `key` in its current window (0 when none or expired). */
  peek(key: string, now: number): Promise<number>;
  /** The current window of `key` (null when none or expired): @fastify/rate-limit's read without a hit. */
  window(key: string, now: number): Promise<{ count: number; resetAt: number } | null>;
  /** Takes back one hit of `key` in its current window (a reserved attempt that turned out fine). */
  release(key: string, now: number): Promise<void>;
  /** Forgets `key` (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  /** Forgets every key that starts with `prefix` (an admin unlock clears every address's lock). */
  resetPrefix(prefix: string): Promise<void>;
}

/** In-process counters: for a single instance and unit tests only. */
export function memoryCounters(maxKeys = 50_000): Counters {
  const windows = new Map<string, { resetAt: number; count: number }>();
  return {
    async hit(key, windowMs, now) {
      const w = windows.get(key);
      if (!w || now >= w.resetAt) {
        if (windows.size >= maxKeys) windows.clear(); // bounded memory under a flood of new keys
        const fresh = { resetAt: now + windowMs, count: 1 };
        windows.set(key, fresh);
        return { ...fresh };
      }
      w.count += 1;
      return { ...w };
    },
    async peek(key, now) {
      const w = windows.get(key);
      return w && now < w.resetAt ? w.count : 0;
    },
    async window(key, now) {
      const w = windows.get(key);
      return w && now < w.resetAt ? { ...w } : null;
    },
    async release(key, now) {
      const w = windows.get(key);
      if (w && now < w.resetAt && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async resetPrefix(prefix) {
      for (const key of [...windows.keys()]) if (key.startsWith(prefix)) windows.delete(key);
    },
  };
}

// One atomic upsert per hit (both engines): a new key or an ended window starts at 1, else +1.
const hitCounter = sql<{ key: string; now: number; resetAt: number }, { count: number; resetAt: number }>(
  `INSERT INTO throttle_counters (key, count, reset_at) VALUES (:key, 1, :resetAt)
   ON CONFLICT (key) DO UPDATE SET
     count = CASE WHEN throttle_counters.reset_at <= :now THEN 1 ELSE throttle_counters.count + 1 END,
     reset_at = CASE WHEN throttle_counters.reset_at <= :now THEN excluded.reset_at ELSE throttle_counters.reset_at END
   RETURNING count, reset_at AS "resetAt"`,
);
const peekCounter = sql<{ key: string; now: number }, { count: number }>(
  'SELECT count FROM throttle_counters WHERE key = :key AND reset_at > :now',
);
const windowOf = sql<{ key: string; now: number }, { count: number; resetAt: number }>(
  'SELECT count, reset_at AS "resetAt" FROM throttle_counters WHERE key = :key AND reset_at > :now',
);
// substr, not LIKE: keys hold emails, whose '_' and '%' LIKE would read as wildcards.
const deletePrefix = sql<{ prefix: string }>(
  'DELETE FROM throttle_counters WHERE substr(key, 1, length(CAST(:prefix AS TEXT))) = CAST(:prefix AS TEXT)',
);
const releaseCounter = sql<{ key: string; now: number }>(
  'UPDATE throttle_counters SET count = count - 1 WHERE key = :key AND reset_at > :now AND count > 0',
);
const deleteCounter = sql<{ key: string }>('DELETE FROM throttle_counters WHERE key = :key');
const pruneCounters = sql<{ now: number }>('DELETE FROM throttle_counters WHERE reset_at <= :now');

/** How often (by the callers' clock) a hit also deletes the rows whose window has ended. */
export const PRUNE_EVERY_MS = 60_000;

/**
 * Counters in the shared database (table throttle_counters), so that every instance behind a proxy
 * sees the same counts. Each hit is its own small transaction: never call it inside database.write.
 */
export function dbCounters(database: Database): Counters {
  let lastPrune = Number.NEGATIVE_INFINITY;
  return {
    async hit(key, windowMs, now) {
      const prune = now - lastPrune >= PRUNE_EVERY_MS;
      if (prune) lastPrune = now;
      return database.write(async (tx) => {
        if (prune) await tx.run(pruneCounters, { now });
        const row = await tx.get(hitCounter, { key, now, resetAt: now + windowMs });
        if (!row) throw new Error(`throttle counter ${key}: the upsert returned no row`);
        return { count: row.count, resetAt: row.resetAt };
      });
    },
    async peek(key, now) {
      return (await database.read.get(peekCounter, { key, now }))?.count ?? 0;
    },
    async window(key, now) {
      return (await database.read.get(windowOf, { key, now })) ?? null;
    },
    async release(key, now) {
      await database.write((tx) => tx.run(releaseCounter, { key, now }));
    },
    async reset(key) {
      await database.write((tx) => tx.run(deleteCounter, { key }));
    },
    async resetPrefix(prefix) {
      await database.write((tx) => tx.run(deletePrefix, { prefix }));
    },
  };
}

/**
 * One hit of `key` inside the caller's transaction. Its row lock (PostgreSQL) makes concurrent
 * transactions that hit the same key wait for each other: a serialisation point for a shared
 * allowance (such as the day's payout budget), released when the transaction ends.
 */
export async function hitInTx(
  tx: Tx,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; resetAt: number }> {
  const row = await tx.get(hitCounter, { key, now, resetAt: now + windowMs });
  if (!row) throw new Error(`throttle counter ${key}: the upsert returned no row`);
  return { count: row.count, resetAt: row.resetAt };
}
