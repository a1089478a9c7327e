import { ADMIN_CHALLENGE_TTL_MINUTES, AdminSecurityErrorCode, ErrorCode, type AdminLoginStep } from '@gogo/shared/api';
import { adminSecurityText, adminText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { ADMIN_TOKEN_TTL_S, type Role, type SignOptions } from '../../plugins/auth.js';
import { accountLocked, type LoginThrottle } from '../auth/index.js';
import { writeAudit } from '../admin/index.js';
import { adminRepo, type AdminAccount } from '../admin/index.js';
import { toAdminPublic } from '../admin/index.js';
import type { Counters } from '../throttle/index.js';
import { USED_STEP_MS, hashRecoveryCode, readChallenge, signChallenge, totpStep, usedStepKey } from './codes.js';
import { secondFactorRepo } from './repo.js';

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
}) {
  const { database, clock, throttle } = deps;

  /** A failure of either step: counted, audited for a real admin, answered 401 or 423. */
  async function failed(admin: AdminAccount | undefined, account: string, origin: Origin, step: string) {
    const { lockedUntil, accountFailures } = await throttle.failed(account, origin.ip);
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

  async function signIn(admin: AdminAccount, origin: Origin, secondFactor: string | null, failures: number) {
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
    await throttle.succeeded(accountKey(admin.username), origin.ip, failures);
    return {
      step: 'signed-in' as const,
      token: deps.signToken('admin', updated.id, updated.tokenVersion),
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
      const failures = await throttle.before(account, origin.ip);
      const admin = await adminRepo.findAdminByUsername(database.read, username);
      const ok = admin ? await verifyPassword(admin.passwordHash, input.password) : await burn(input.password);
      if (!admin || !ok) throw (await failed(admin, account, origin, 'password')) ?? invalidCredentials();
      const factor = await secondFactorRepo.of(database.read, admin.id);
      if (!factor?.totpSecret) return signIn(admin, origin, null, failures);
      const exp = clock() + ADMIN_CHALLENGE_TTL_MINUTES * 60_000;
      return {
        step: 'code-required',
        challengeToken: signChallenge(deps.secret, { adminId: admin.id, tokenVersion: admin.tokenVersion, exp }),
        expiresAt: new Date(exp).toISOString(),
        setupRequired: false,
      };
    },

    /** Step two: the authenticator's current code (each code once) or an unused recovery code. */
    async secondFactor(input: { challengeToken: string; code: string }, origin: Origin) {
      const claims = readChallenge(deps.secret, input.challengeToken, clock());
      const admin = claims && (await adminRepo.findAdminById(database.read, claims.adminId));
      if (!claims || !admin || admin.tokenVersion !== claims.tokenVersion) throw challengeExpired();
      const account = accountKey(admin.username);
      const failures = await throttle.before(account, origin.ip);
      const factor = await secondFactorRepo.of(database.read, admin.id);
      if (!factor?.totpSecret) throw challengeExpired(); // reset since the password step
      const code = input.code.trim().replace(/\s/g, '');
      const now = clock();
      const step = totpStep(factor.totpSecret, code, now);
      if (step !== null) {
        const { count } = await deps.counters.hit(usedStepKey(admin.id, step), USED_STEP_MS, now);
        if (count === 1) return signIn(admin, origin, 'totp', failures);
      } else if (code.length >= 12 && (await useRecoveryCode(admin.id, code, origin.ip))) {
        return signIn(admin, origin, 'recovery_code', failures);
      }
      throw (await failed(admin, account, origin, 'second_factor')) ?? invalidCode();
    },
  };

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
