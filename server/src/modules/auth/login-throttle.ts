import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@gogo/shared/api';
import { errorTextByCode } from '@gogo/shared/messages';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthRateLimit } from '../../config.js';
import type { Counters } from '../throttle/index.js';

/**
 * Login throttling after OWASP ASVS 5.0 chapter 6 (CHANGELOG.md): nobody can lock an
 * owner out of their own account.
 * - Failures are counted per account AND source address: after `lockAfter` of them that address alone
 *   gets 423 for the window; the owner's right password from another address still signs in.
 * - Failures against one account from all addresses start a soft throttle after `perAccountMax`: every
 *   attempt on the account (right or wrong, so timing tells nothing) first waits a delay that doubles
 *   per further failure up to `softDelayMaxMs`. It slows distributed guessing and never refuses.
 * - Failures per address across accounts are limited by @fastify/rate-limit (failedLoginLimiter).
 * Accounts are keyed by what was typed (the normalised email, `admin:<username>`), existing or not, so
 * an unknown email answers exactly like a known one.
 */
export function createLoginThrottle(deps: {
  counters: Counters;
  clock: Clock;
  limits: AuthRateLimit;
  /** Tests replace the wait; the server really waits. */
  sleep?: (ms: number) => Promise<void>;
}) {
  const { counters, clock, limits } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const pairKey = (account: string, ip: string) => `login-lock:${account}:${ip}`;
  const accountKey = (account: string) => `login-account:${account}`;

  /** The soft throttle's wait after `failures` failed logins on one account in the window. */
  const delayFor = (failures: number) => {
    if (failures < limits.perAccountMax) return 0;
    const doublings = Math.min(failures - limits.perAccountMax, 30);
    return Math.min(limits.softDelayMs * 2 ** doublings, limits.softDelayMaxMs);
  };

  return {
    delayFor,
    /**
     * Before the password check: 423 for a locked address+account pair, then the soft throttle's wait.
     * Answers this address's failures on the account (a success clears them only when there are some).
     */
    async before(account: string, ip: string): Promise<number> {
      const now = clock();
      const failures = await counters.peek(pairKey(account, ip), now);
      if (failures >= limits.lockAfter) throw accountLocked();
      const delay = delayFor(await counters.peek(accountKey(account), now));
      if (delay > 0) await sleep(delay);
      return failures;
    },
    /**
     * Counts a failure. `lockedUntil`: when this address's lock on the account ends, if this failure
     * starts or meets it, else null; `accountFailures`: the account's failures in the window.
     */
    async failed(account: string, ip: string): Promise<{ lockedUntil: number | null; accountFailures: number }> {
      const now = clock();
      const [pair, all] = await Promise.all([
        counters.hit(pairKey(account, ip), limits.windowMs, now),
        counters.hit(accountKey(account), limits.windowMs, now),
      ]);
      return { lockedUntil: pair.count >= limits.lockAfter ? pair.resetAt : null, accountFailures: all.count };
    },
    /** A success forgets this address's failures; the account-wide count runs out with its window. */
    async succeeded(account: string, ip: string, failures: number): Promise<void> {
      if (failures > 0) await counters.reset(pairKey(account, ip));
    },
    /** Admin unlock: every address's lock on the account and its soft throttle. */
    unlock: (account: string) => unlockAccount(counters, account),
  };
}

/** Clears every address's lock on the account and its soft throttle (admin unlock, the 2FA reset CLI). */
export async function unlockAccount(counters: Counters, account: string): Promise<void> {
  await counters.resetPrefix(`login-lock:${account}:`);
  await counters.reset(`login-account:${account}`);
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export const accountLocked = () => new AppError(423, ErrorCode.ACCOUNT_LOCKED, errorTextByCode.ACCOUNT_LOCKED);

/** The answers that count as a failed login for the per-address limit. */
export const isFailedLogin = (err: unknown) =>
  err instanceof AppError &&
  (err.code === ErrorCode.INVALID_CREDENTIALS || err.code === ErrorCode.ACCOUNT_LOCKED || err.statusCode === 401);

/**
 * Failed logins per source address across all accounts (players and admins share the count), with
 * @fastify/rate-limit over the shared store: `check` reads the window without counting, `charge`
 * counts a failure. Successes are never counted, so a NAT of players signing in meets only the
 * generous per-address limit of the auth routes.
 */
export function failedLoginLimiter(app: FastifyInstance, limits: AuthRateLimit) {
  const limiter = app.createRateLimit({
    max: limits.failedPerIp,
    timeWindow: limits.windowMs,
    keyGenerator: (req) => `login-failed:${req.ip}`,
  });
  return {
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        void reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
        throw new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, errorTextByCode.RATE_LIMIT_EXCEEDED);
      }
    },
    async charge(request: FastifyRequest): Promise<void> {
      await limiter(request);
    },
    /** Runs a login, counting its failure against the address. */
    async guard<T>(request: FastifyRequest, reply: FastifyReply, login: () => Promise<T>): Promise<T> {
      await this.check(request, reply);
      try {
        return await login();
      } catch (err) {
        if (isFailedLogin(err)) await this.charge(request);
        throw err;
      }
    },
  };
}

export type FailedLoginLimiter = ReturnType<typeof failedLoginLimiter>;

/** X-Device-Id: the client's random id (localStorage); anything else than a short [A-Za-z0-9-] is ignored. */
export function deviceIdOf(request: FastifyRequest): string {
  const raw = request.headers['x-device-id'];
  return typeof raw === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(raw) ? raw : '';
}
