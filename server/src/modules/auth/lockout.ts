/** 5 failed logins lock an account for 15 minutes (decisions.md section 5). */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_DURATION_MS = 15 * 60 * 1000;

export interface LockState {
  failedLoginAttempts: number;
  lockUntil: number | null;
}

export const isLocked = (s: LockState, now: number) => s.lockUntil !== null && s.lockUntil > now;

/** The state after one more failed attempt. An expired lock starts the count afresh. */
export function afterFailure(s: LockState, now: number): LockState {
  const base = s.lockUntil !== null && s.lockUntil <= now ? 0 : s.failedLoginAttempts;
  const failed = base + 1;
  return { failedLoginAttempts: failed, lockUntil: failed >= MAX_FAILED_LOGINS ? now + LOCK_DURATION_MS : null };
}

/**
 * A fixed-window counter per key (account), in memory: a second line of defence beside the per-IP
 * limiter, so one attacker spread over many IPs still cannot hammer one account.
 */
export function createAttemptCounter(max: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts an attempt; returns false when the key is over its limit for this window. */
    hit(key: string, now: number): boolean {
      const w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        if (windows.size > 50_000) windows.clear(); // bounded memory under a flood of new keys
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= max;
    },
  };
}
