import { ADMIN_CHALLENGE_TTL_MINUTES, AdminSecurityErrorCode, ErrorCode, type AdminLoginStep } from '@gogo/shared/api';
import { adminSecurityText, adminText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { ADMIN_TOKEN_TTL_S, type Role, type SignOptions } from '../../plugins/auth.js';
import { accountLocked, type LoginAttempt, type LoginThrottle } from '../auth/index.js';
import { signedInBefore, writeAudit } from '../admin/index.js';
import { adminRepo, type AdminAccount } from '../admin/index.js';
import { toAdminPublic } from '../admin/index.js';
import type { Counters } from '../throttle/index.js';
import { USED_STEP_MS, hashRecoveryCode, readChallenge, signChallenge, totpStep, usedStepKey } from './codes.js';
import { secondFactorRepo } from './repo.js';

/** Codes one challenge takes (right or wrong) before it is void: the admin signs in with the password again. */
export const CHALLENGE_MAX_CODES = 5;
/** Wrong second-factor codes per admin and window, from all addresses, before the code step answers 423. */
export const SECOND_FACTOR_FAILURES_PER_ADMIN = 10;

/** Where the attempt comes from (the audit and the throttle use the address). */
type Origin = { ip: string };

const invalidCredentials = () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, adminText.invalidCredentials);
const invalidCode = () =>
  new AppError(401, AdminSecurityErrorCode.INVALID_SECOND_FACTOR, adminSecurityText.invalidCode);
const challengeExpired = () =>
  new AppError(401, AdminSecurityErrorCode.CHALLENGE_EXPIRED, adminSecurityText.challengeExpired);

/** The throttle's account key of an admin: the typed username, existing or not (like a player's email). */
const accountKey = (username: string) => `admin:${username.trim().toLowerCase()}`;

/**
 * Admin sign-in in one or two steps: the password, then (once a second factor is enrolled) a TOTP
 * code or a single-use recovery code. Both steps follow the players' throttling (login-throttle.ts)
 * under the account key `admin:<username>`, and both count against the address's failed logins.
 */
export function createAdminLogin(deps: {
  database: Database;
  clock: Clock;
  throttle: LoginThrottle;
  counters: Counters;
  /** The server's signing secret: it also signs the password step's challenge. */
  secret: string;
  require2fa: boolean;
  signToken: (role: Role, accountId: number, tokenVersion: number, opts?: SignOptions) => string;
  /** The throttle's window: the per-admin cap of wrong codes counts in it. */
  windowMs: number;
}) {
  const { database, clock, throttle } = deps;

  /** A failure of either step: counted, audited for a real admin, answered 401 or 423. */
  async function failed(admin: AdminAccount | undefined, attempt: LoginAttempt, origin: Origin, step: string) {
    const { lockedUntil, accountFailures } = throttle.failed(attempt);
    const now = clock();
    if (admin) {
      await database.write(async (tx) => {
        if (lockedUntil !== null) {
          await adminRepo.setAdminLock(tx, admin.id, { failedLoginAttempts: accountFailures, lockUntil: lockedUntil });
        }
        await writeAudit(
          tx,
          {
            adminId: admin.id,
            action: 'login_failed',
            targetType: 'admin',
            targetId: admin.id,
            after: { step, accountFailures, addressLockedUntil: toIso(lockedUntil) },
            ip: origin.ip,
          },
          now,
        );
      });
    }
    return lockedUntil === null ? null : accountLocked();
  }

  async function signIn(admin: AdminAccount, origin: Origin, secondFactor: string | null, attempt: LoginAttempt) {
    const now = clock();
    const updated = await database.write(async (tx) => {
      await adminRepo.recordAdminLogin(tx, admin.id, now);
      await writeAudit(
        tx,
        {
          adminId: admin.id,
          action: 'login',
          targetType: 'admin',
          targetId: admin.id,
          after: secondFactor ? { secondFactor } : null,
          ip: origin.ip,
        },
        now,
      );
      return (await adminRepo.findAdminById(tx, admin.id)) ?? admin;
    });
    await throttle.succeeded(attempt);
    return {
      step: 'signed-in' as const,
      token: deps.signToken('admin', updated.id, updated.tokenVersion, { secondFactor: secondFactor !== null }),
      admin: toAdminPublic(updated),
      expiresAt: new Date(now + ADMIN_TOKEN_TTL_S * 1000).toISOString(),
      setupRequired: deps.require2fa && secondFactor === null,
    };
  }

  return {
    /** Step one: username and password. An enrolled admin gets a 5-minute challenge for the code. */
    async password(input: { username: string; password: string }, origin: Origin): Promise<AdminLoginStep> {
      const username = input.username.trim();
      if (username === '' || input.password === '') throw invalidCredentials();
      const account = accountKey(username);
      const admin = await adminRepo.findAdminByUsername(database.read, username);
      const known = admin ? await signedInFrom(admin.id, origin.ip) : false;
      const attempt = await throttle.begin(account, origin.ip, known);
      const ok = admin ? await verifyPassword(admin.passwordHash, input.password) : await burn(input.password);
      if (!admin || !ok) throw (await failed(admin, attempt, origin, 'password')) ?? invalidCredentials();
      const factor = await secondFactorRepo.of(database.read, admin.id);
      if (!factor?.totpSecret) return signIn(admin, origin, null, attempt);
      // The password was right: its count goes back; the code step is counted on its own.
      await throttle.succeeded(attempt);
      const exp = clock() + ADMIN_CHALLENGE_TTL_MINUTES * 60_000;
      return {
        step: 'code-required',
        challengeToken: signChallenge(deps.secret, { adminId: admin.id, tokenVersion: admin.tokenVersion, exp }),
        expiresAt: new Date(exp).toISOString(),
        setupRequired: false,
      };
    },

    /**
     * Step two: the authenticator's current code (each code once) or an unused recovery code. A
     * challenge signs in once, and dies after CHALLENGE_MAX_CODES codes; wrong codes are also capped
     * per admin (SECOND_FACTOR_FAILURES_PER_ADMIN, from all addresses) beside the address's lock.
     */
    async secondFactor(input: { challengeToken: string; code: string }, origin: Origin) {
      const now = clock();
      const claims = readChallenge(deps.secret, input.challengeToken, now);
      const admin = claims && (await adminRepo.findAdminById(database.read, claims.adminId));
      if (!claims || !admin || admin.tokenVersion !== claims.tokenVersion) throw challengeExpired();
      // Counted before the code is checked, so that parallel guesses meet the same caps.
      const tries = await deps.counters.hit(`2fa-tries:${claims.id}`, claims.exp - now + USED_STEP_MS, now);
      if (tries.count > CHALLENGE_MAX_CODES || (await deps.counters.peek(`2fa-used:${claims.id}`, now)) > 0) {
        throw challengeExpired();
      }
      const perAdmin = `2fa-failed:${admin.id}`;
      const byAdmin = await deps.counters.hit(perAdmin, deps.windowMs, now);
      if (byAdmin.count > SECOND_FACTOR_FAILURES_PER_ADMIN) {
        await deps.counters.release(perAdmin, now);
        throw accountLocked();
      }
      const attempt = await throttle.begin(accountKey(admin.username), origin.ip, true);
      const factor = await secondFactorRepo.of(database.read, admin.id);
      if (!factor?.totpSecret) throw challengeExpired(); // reset since the password step
      const code = input.code.trim().replace(/\s/g, '');
      const step = totpStep(factor.totpSecret, code, now);
      let used: 'totp' | 'recovery_code' | null = null;
      if (step !== null) {
        const { count } = await deps.counters.hit(usedStepKey(admin.id, step), USED_STEP_MS, now);
        if (count === 1) used = 'totp';
      } else if (code.length >= 12 && (await useRecoveryCode(admin.id, code, origin.ip))) {
        used = 'recovery_code';
      }
      if (used === null) throw (await failed(admin, attempt, origin, 'second_factor')) ?? invalidCode();
      await deps.counters.release(perAdmin, now);
      // Spent: the same challenge never signs in twice, even when two right codes race.
      const spent = await deps.counters.hit(`2fa-used:${claims.id}`, claims.exp - now + USED_STEP_MS, now);
      if (spent.count > 1) throw challengeExpired();
      return signIn(admin, origin, used, attempt);
    },
  };

  /** True when the admin signed in from this address before (the audit's login rows). */
  async function signedInFrom(adminId: number, ip: string): Promise<boolean> {
    return signedInBefore(database.read, adminId, ip);
  }

  /** Spends a recovery code: single use even when two requests race (the conditional UPDATE decides). */
  async function useRecoveryCode(adminId: number, code: string, ip: string): Promise<boolean> {
    const now = clock();
    return database.write(async (tx) => {
      if ((await secondFactorRepo.useCode(tx, adminId, hashRecoveryCode(code), now)) !== 1) return false;
      const left = await secondFactorRepo.unusedCount(tx, adminId);
      await writeAudit(
        tx,
        { adminId, action: 'recovery_code_used', targetType: 'admin', targetId: adminId, after: { left }, ip },
        now,
      );
      return true;
    });
  }
}

const burn = async (password: string) => {
  await burnPasswordCheck(password);
  return false;
};

export type AdminLogin = ReturnType<typeof createAdminLogin>;
