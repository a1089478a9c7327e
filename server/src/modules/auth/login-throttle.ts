import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@gogo/shared/api';
import { errorTextByCode } from '@gogo/shared/messages';
import { AppError, retryAfter } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthRateLimit } from '../../settings/index.js';
import type { Counters } from '../throttle/index.js';

/** One login attempt as counted before its password (or code) is checked. */
export interface LoginAttempt {
  account: string;
  ip: string;
  /** This attempt's place among the address's attempts on the account in the window. */
  pairCount: number;
  pairResetAt: number;
  /** The account's failed attempts in the window, this one included. */
  accountCount: number;
}

/**
 * Login throttling after OWASP ASVS 5.0 chapter 6 (CHANGELOG.md): nobody can lock an owner out of
 * their own account, and parallel attempts meet the same limits as attempts one by one, because every
 * attempt is counted (atomically, in the shared counters) BEFORE its password is checked and handed
 * back only when it succeeds.
 * - Per address across accounts: after `failedPerIp` failures the address's logins answer 429.
 * - Per account AND address: after `lockAfter` failures that address alone gets 423 for the window; the
 *   owner's right password from another address still signs in.
 * - Per account from all addresses, after `perAccountMax` failures: a soft throttle lets one attempt
 *   through per delay (doubling per further failure up to `softDelayMaxMs`) and answers 429 with
 *   Retry-After to the others. Attempts from an address or device the account already signed in from
 *   (the owner's) skip it: it limits guessing, never the owner.
 * Accounts are keyed by what was typed (the normalised email, `admin:<username>`), existing or not, so
 * an unknown email answers exactly like a known one.
 */
export function createLoginThrottle(deps: { counters: Counters; clock: Clock; limits: AuthRateLimit }) {
  const { counters, clock, limits } = deps;
  const ipKey = (ip: string) => `login-failed:${ip}`;
  const pairKey = (account: string, ip: string) => `login-lock:${account}:${ip}`;
  const accountKey = (account: string) => `login-account:${account}`;
  const gateKey = (account: string) => `login-slow:${account}`;

  /** The soft throttle's spacing between attempts after `failures` failed logins on one account. */
  const delayFor = (failures: number) => {
    if (failures < limits.perAccountMax) return 0;
    const doublings = Math.min(failures - limits.perAccountMax, 30);
    return Math.min(limits.softDelayMs * 2 ** doublings, limits.softDelayMaxMs);
  };

  return {
    delayFor,
    /**
     * Counts the attempt before the check: 429 past the address's failures, 423 for a locked
     * address+account pair, 429 with Retry-After when the soft throttle's slot is taken. `knownOrigin`:
     * the account signed in from this address or device before (skips the soft throttle).
     */
    async begin(account: string, ip: string, knownOrigin = false): Promise<LoginAttempt> {
      const now = clock();
      const byIp = await counters.hit(ipKey(ip), limits.windowMs, now);
      if (byIp.count > limits.failedPerIp) {
        await counters.release(ipKey(ip), now);
        throw retryAfter(rateLimited(), byIp.resetAt - now);
      }
      const pair = await counters.hit(pairKey(account, ip), limits.windowMs, now);
      // A locked pair's refusal still spends the address's budget (it is a guess that was stopped).
      if (pair.count > limits.lockAfter) throw accountLocked();
      const all = await counters.hit(accountKey(account), limits.windowMs, now);
      const delay = knownOrigin ? 0 : delayFor(all.count - 1);
      if (delay > 0) {
        const gate = await counters.hit(gateKey(account), delay, now);
        if (gate.count > 1) {
          await Promise.all([
            counters.release(ipKey(ip), now),
            counters.release(pairKey(account, ip), now),
            counters.release(accountKey(account), now),
          ]);
          throw retryAfter(rateLimited(), gate.resetAt - now);
        }
      }
      return { account, ip, pairCount: pair.count, pairResetAt: pair.resetAt, accountCount: all.count };
    },
    /**
     * The attempt failed (it is already counted). `lockedUntil`: when this address's lock on the account
     * ends, if this failure starts it, else null; `accountFailures`: the account's failures in the window.
     */
    failed(attempt: LoginAttempt): { lockedUntil: number | null; accountFailures: number } {
      return {
        lockedUntil: attempt.pairCount >= limits.lockAfter ? attempt.pairResetAt : null,
        accountFailures: attempt.accountCount,
      };
    },
    /** A success gives its counts back and forgets this address's failures on the account. */
    async succeeded(attempt: LoginAttempt): Promise<void> {
      const now = clock();
      await Promise.all([
        counters.release(ipKey(attempt.ip), now),
        counters.reset(pairKey(attempt.account, attempt.ip)),
        counters.release(accountKey(attempt.account), now),
      ]);
    },
    /** Admin unlock: every address's lock on the account and its soft throttle. */
    unlock: (account: string) => unlockAccount(counters, account),
  };
}

/** Clears every address's lock on the account and its soft throttle (admin unlock, the 2FA reset CLI). */
export async function unlockAccount(counters: Counters, account: string): Promise<void> {
  await counters.resetPrefix(`login-lock:${account}:`);
  await counters.reset(`login-account:${account}`);
  await counters.reset(`login-slow:${account}`);
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export const accountLocked = () => new AppError(423, ErrorCode.ACCOUNT_LOCKED, errorTextByCode.ACCOUNT_LOCKED);
const rateLimited = () => new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, errorTextByCode.RATE_LIMIT_EXCEEDED);

/** X-Device-Id: the client's random id (localStorage); anything else than a short [A-Za-z0-9-] is ignored. */
export function deviceIdOf(request: FastifyRequest): string {
  const raw = request.headers['x-device-id'];
  return typeof raw === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(raw) ? raw : '';
}
