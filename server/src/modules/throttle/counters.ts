/**
 * Fixed-window counters shared by every instance (issue 11: throttles must hold across instances):
 * login attempts per account, password checks, export throttles, and the store behind
 * @fastify/rate-limit. Services depend on this interface only; app.ts picks the implementation.
 */
export interface Counters {
  /** Counts one hit of `key` in a fixed window of `windowMs`: the count in this window and when it ends. */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** Hits of `key` in its current window (0 when none or expired). */
  peek(key: string, now: number): Promise<number>;
  /** Forgets `key` (e.g. after a successful login). */
  reset(key: string): Promise<void>;
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
    async reset(key) {
      windows.delete(key);
    },
  };
}
