import type { Counters } from '../throttle/counters.js';

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
 * A fixed-window attempt limit per key (account): a second line of defence beside the per-IP
 * limiter, so one attacker spread over many IPs still cannot hammer one account. The counts live in
 * the shared `Counters`, so every instance sees the same attempts.
 */
export function createAttemptCounter(counters: Counters, max: number, windowMs: number) {
  return {
    /** Counts an attempt; answers false when the key is over its limit for this window. */
    async hit(key: string, now: number): Promise<boolean> {
      const { count } = await counters.hit(`attempt:${key}`, windowMs, now);
      return count <= max;
    },
  };
}
