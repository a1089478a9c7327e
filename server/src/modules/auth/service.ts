import { ErrorCode, type PublicUser } from '@gogo/shared/api';
import { errorTextByCode, productionText } from '@gogo/shared/messages';
import { normalizeEmail, validateEmail, validatePassword, validateUsername } from '@gogo/shared/validation';
import { AppError, badRequest, conflict, retryAfter } from '../../lib/errors.js';
import type { Counters } from '../throttle/index.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { accountLocked } from './login-throttle.js';
import type { Database } from '../../db/database.js';
import type { Queryable, Tx } from '../../db/sql.js';
import { isUniqueViolation } from '../../db/errors.js';
import { accounts, type UserRow } from './accounts.js';
import { publishRevoke } from '../../core/events.js';
import { knownOrigin, recordAddress } from './addresses.js';
import type { LoginThrottle } from './login-throttle.js';

export const toPublicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  lastLogin: toIso(u.lastLogin),
});

const SIGNUP_WINDOW_MS = 60 * 60_000;

const invalidCredentials = () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, errorTextByCode.INVALID_CREDENTIALS);

/** Where a sign-up or login comes from: the source address (TRUST_PROXY applied) and the client's device id. */
export interface RequestOrigin {
  ip: string;
  deviceId: string;
}

const burnPassword = async (password: string) => {
  await burnPasswordCheck(password);
  return false;
};

export function createAuthService(deps: {
  database: Database;
  clock: Clock;
  /** Per address+account locks and the account-wide soft throttle (shared across instances). */
  throttle: LoginThrottle;
  signPlayerToken: (user: UserRow) => string;
  /** Runs inside a successful login's transaction (the profile module reactivates a deactivated account). */
  onLogin?: (tx: Tx, userId: number, now: number) => Promise<unknown>;
  /** Runs inside registration's transaction: the verification mail is queued with the account. */
  onRegister?: (tx: Tx, user: UserRow, now: number) => Promise<unknown>;
  /** Sign-ups per source address per hour (0: no limit), counted in the shared counters. */
  signupsPerIpPerHour?: number;
  counters?: Counters;
  /** Uses a mailed sign-in link's token in the caller's transaction and answers its player (recovery module). */
  useLoginLinkIn?: (tx: Tx, token: string, now: number) => Promise<number>;
}) {
  const { database, clock } = deps;
  const { throttle } = deps;

  /**
   * Counts the sign-up against its address before any work (atomic in the shared counters, so that
   * parallel sign-ups meet the limit too): 429 with Retry-After beyond the hourly limit.
   */
  async function takeSignupSlot(ip: string) {
    const max = deps.signupsPerIpPerHour ?? 0;
    const counters = deps.counters;
    if (max === 0 || !counters) return null;
    const key = `signup:${ip}`;
    const now = clock();
    const { count, resetAt } = await counters.hit(key, SIGNUP_WINDOW_MS, now);
    if (count > max) {
      await counters.release(key, now);
      throw retryAfter(new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, productionText.tooManySignups), resetAt - now);
    }
    return { giveBack: () => counters.release(key, clock()) };
  }

  return {
    async register(input: { username: string; email: string; password: string }, origin: RequestOrigin) {
      const username = input.username.trim();
      const usernameError = validateUsername(username);
      if (usernameError) throw badRequest(ErrorCode.INVALID_USERNAME, usernameError, { field: 'username' });
      const emailError = validateEmail(input.email);
      if (emailError) throw badRequest(ErrorCode.INVALID_EMAIL, emailError, { field: 'email' });
      const passwordError = validatePassword(input.password);
      if (passwordError) throw badRequest(ErrorCode.WEAK_PASSWORD, passwordError, { field: 'password' });
      const email = normalizeEmail(input.email);
      const slot = await takeSignupSlot(origin.ip);

      const checkTaken = async (q: Queryable) => {
        if (await accounts.userByEmail(q, email)) {
          throw conflict(ErrorCode.EMAIL_ALREADY_EXISTS, errorTextByCode.EMAIL_ALREADY_EXISTS);
        }
        if (await accounts.userByUsername(q, username)) {
          throw conflict(ErrorCode.USERNAME_ALREADY_EXISTS, errorTextByCode.USERNAME_ALREADY_EXISTS);
        }
      };
      const now = clock();
      try {
        await checkTaken(database.read); // cheap early answer before spending ~50 ms on the hash
        const passwordHash = await hashPassword(input.password);
        const user = await database.write(async (tx) => {
          await checkTaken(tx); // again in the transaction: another request may have won meanwhile
          const created = await accounts.insertUser(tx, { username, email, passwordHash }, now);
          await recordAddress(tx, { userId: created.id, kind: 'signup', ...origin }, now);
          await deps.onRegister?.(tx, created, now);
          return created;
        });
        return { user: toPublicUser(user), token: deps.signPlayerToken(user) };
      } catch (err) {
        await slot?.giveBack(); // only accounts created count against the address
        // Two registrations raced past the check: the unique indexes decide, the loser gets the 409.
        if (isUniqueViolation(err)) await checkTaken(database.read);
        throw err;
      }
    },

    /**
     * Unknown email and wrong password give the same 401 after the same work (an argon2 verify and
     * the same counter writes); the lock and the soft throttle are keyed by the typed email either way.
     */
    async login(input: { email: string; password: string }, origin: RequestOrigin) {
      const emailError = validateEmail(input.email);
      if (emailError) throw badRequest(ErrorCode.INVALID_EMAIL, emailError, { field: 'email' });
      const email = normalizeEmail(input.email);
      const user = await accounts.userByEmail(database.read, email);
      const known = user ? await knownOrigin(database.read, user.id, origin) : false;
      const attempt = await throttle.begin(email, origin.ip, known);
      const ok = user ? await verifyPassword(user.passwordHash, input.password) : await burnPassword(input.password);
      if (!user || !ok) {
        const { lockedUntil, accountFailures } = throttle.failed(attempt);
        if (lockedUntil === null) throw invalidCredentials();
        // This address is now locked out of the account: recorded on the row for the back office.
        if (user) await database.write((tx) => accounts.markLocked(tx, user.id, { lockedUntil, accountFailures }));
        throw accountLocked();
      }
      const now = clock();
      const updated = await database.write(async (tx) => {
        await deps.onLogin?.(tx, user.id, now);
        await recordAddress(tx, { userId: user.id, kind: 'login', ...origin }, now);
        return accounts.recordUserLogin(tx, user.id, now);
      });
      if (!updated) throw invalidCredentials();
      await throttle.succeeded(attempt);
      return { user: toPublicUser(updated), token: deps.signPlayerToken(updated) };
    },

    /**
     * Signs in with a mailed link: it proves the mailbox, so neither the password nor the login
     * throttle applies (the link itself is single use, 15 minutes and 256 random bits). The address
     * and device become known ones, which the account-wide throttle lets through from then on.
     */
    async loginWithLink(token: string, origin: RequestOrigin) {
      const useLink = deps.useLoginLinkIn;
      if (!useLink) throw invalidCredentials();
      const now = clock();
      const updated = await database.write(async (tx) => {
        const userId = await useLink(tx, token, now);
        await deps.onLogin?.(tx, userId, now);
        await recordAddress(tx, { userId, kind: 'login', ...origin }, now);
        return accounts.recordUserLogin(tx, userId, now);
      });
      if (!updated) throw invalidCredentials();
      return { user: toPublicUser(updated), token: deps.signPlayerToken(updated) };
    },

    /** Revokes every token the player holds (all devices): the token version moves on. */
    async logout(userId: number) {
      await database.write(async (tx) => {
        await accounts.bumpUserTokenVersion(tx, userId);
        publishRevoke(tx, 'player', userId);
      });
    },

    async me(userId: number) {
      const user = await accounts.userById(database.read, userId);
      if (!user) throw new AppError(401, ErrorCode.INVALID_TOKEN, 'Account not found.');
      return toPublicUser(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
