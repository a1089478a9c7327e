import {
  AdminSecurityErrorCode,
  ErrorCode,
  type AdminSecurityStatus,
  type TotpConfirmResult,
  type TotpSetup,
} from '@gogo/shared/api';
import { adminSecurityText, productionText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { writeAudit } from '../admin/index.js';
import { adminRepo } from '../admin/index.js';
import { publishRevoke } from '../../core/events.js';
import type { Counters } from '../throttle/index.js';
import type { TokenClaims } from '../../plugins/auth.js';
import { unlockAccount } from '../auth/index.js';
import {
  USED_STEP_MS,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  totpStep,
  usedStepKey,
} from './codes.js';
import { secondFactorRepo } from './repo.js';

/** Wrong codes while confirming a setup, per admin and window, before 429. */
const CONFIRM_ATTEMPTS = 5;
const CONFIRM_WINDOW_MS = 15 * 60_000;

const adminGone = () => new AppError(401, ErrorCode.INVALID_TOKEN, 'Admin account not found.');

/** The Security tab: status, TOTP enrolment with recovery codes. */
export function createAdminSecurityService(deps: {
  database: Database;
  clock: Clock;
  counters: Counters;
  require2fa: boolean;
  /** Signs the enrolled admin's new session token (the earlier ones, signed without the factor, end). */
  signAdminToken: (adminId: number, tokenVersion: number) => string;
}) {
  const { database, clock } = deps;

  async function status(adminId: number): Promise<AdminSecurityStatus> {
    const row = await secondFactorRepo.of(database.read, adminId);
    if (!row) throw adminGone();
    return {
      enrolled: row.totpSecret !== null,
      enrolledAt: toIso(row.totpEnrolledAt),
      recoveryCodesLeft: row.totpSecret === null ? 0 : await secondFactorRepo.unusedCount(database.read, adminId),
      required: deps.require2fa,
    };
  }

  return {
    status,

    /** A new pending secret (replacing an earlier unconfirmed one): the QR code's URI and the key as text. */
    async startTotp(adminId: number): Promise<TotpSetup> {
      const secret = newTotpSecret();
      const username = await database.write(async (tx) => {
        const row = await secondFactorRepo.of(tx, adminId);
        if (!row) throw adminGone();
        if (row.totpSecret !== null) {
          throw conflict(AdminSecurityErrorCode.TOTP_ALREADY_ENROLLED, adminSecurityText.alreadyEnrolled);
        }
        await secondFactorRepo.setPending(tx, adminId, secret);
        return row.username;
      });
      return { otpauthUri: otpauthUri(username, secret), secret };
    },

    /** The first good code turns the pending secret on and answers ten recovery codes, once. */
    async confirmTotp(adminId: number, code: string, ip: string): Promise<TotpConfirmResult> {
      const now = clock();
      const row = await secondFactorRepo.of(database.read, adminId);
      if (!row) throw adminGone();
      if (row.totpSecret !== null) {
        throw conflict(AdminSecurityErrorCode.TOTP_ALREADY_ENROLLED, adminSecurityText.alreadyEnrolled);
      }
      if (row.totpPendingSecret === null) {
        throw conflict(AdminSecurityErrorCode.TOTP_NOT_STARTED, adminSecurityText.notStarted);
      }
      const key = `totp-confirm:${adminId}`;
      if ((await deps.counters.peek(key, now)) >= CONFIRM_ATTEMPTS) {
        throw new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, adminSecurityText.tooManyCodes);
      }
      const secret = row.totpPendingSecret;
      const step = totpStep(secret, code.trim().replace(/\s/g, ''), now);
      // 400, not 401: the admin's session is fine, only the code is wrong.
      if (step === null) {
        await deps.counters.hit(key, CONFIRM_WINDOW_MS, now);
        throw badRequest(AdminSecurityErrorCode.INVALID_SECOND_FACTOR, adminSecurityText.invalidCode, {
          field: 'code',
        });
      }
      const codes = newRecoveryCodes();
      await database.write(async (tx) => {
        if ((await secondFactorRepo.enrol(tx, adminId, secret, now)) !== 1) {
          throw conflict(AdminSecurityErrorCode.TOTP_NOT_STARTED, adminSecurityText.notStarted);
        }
        for (const c of codes) await secondFactorRepo.insertCode(tx, adminId, hashRecoveryCode(c), now);
        await writeAudit(
          tx,
          {
            adminId,
            action: 'totp_enrolled',
            targetType: 'admin',
            targetId: adminId,
            after: { recoveryCodes: codes.length },
            ip,
          },
          now,
        );
        // Sockets opened with a token signed before the factor close; the client reopens with the new one.
        publishRevoke(tx, 'admin', adminId, true);
      });
      await deps.counters.reset(key);
      // The confirming code is spent: it cannot also pass a sign-in's second step (login.ts, same key).
      await deps.counters.hit(usedStepKey(adminId, step), USED_STEP_MS, now);
      const tokenVersion = (await adminRepo.findAdminById(database.read, adminId))?.tokenVersion;
      if (tokenVersion === undefined) throw adminGone();
      return { recoveryCodes: codes, status: await status(adminId), token: deps.signAdminToken(adminId, tokenVersion) };
    },
  };
}

export type AdminSecurityService = ReturnType<typeof createAdminSecurityService>;

/** Routes an admin without a second factor may use under ADMIN_REQUIRE_2FA: the ones that lead to enrolment. */
const OPEN_WITHOUT_SECOND_FACTOR = new Set(['/api/admin/me', '/api/admin/logout']);

/**
 * Runs after an admin token's checks (plugins/auth.ts). A session is bound to the second factor: once
 * the admin has one, a token signed without it (issued before enrolment) is refused. Under
 * ADMIN_REQUIRE_2FA every admin route but me, logout and Security answers 403
 * SECOND_FACTOR_SETUP_REQUIRED to an admin without a second factor.
 */
export function createAdminGate(database: Database, require2fa: boolean) {
  return async (adminId: number, url: string, claims: TokenClaims): Promise<void> => {
    const row = await secondFactorRepo.of(database.read, adminId);
    if (row && row.totpSecret !== null && claims.mfa !== 1) {
      throw new AppError(401, ErrorCode.INVALID_TOKEN, productionText.sessionBeforeSecondFactor);
    }
    if (!require2fa) return;
    if (OPEN_WITHOUT_SECOND_FACTOR.has(url) || url.startsWith('/api/admin/security')) return;
    if (row && row.totpSecret === null) {
      throw new AppError(403, AdminSecurityErrorCode.SECOND_FACTOR_SETUP_REQUIRED, adminSecurityText.setupRequired);
    }
  };
}

export class AdminResetError extends Error {}

/**
 * CLI (npm run admin:reset-2fa): removes an admin's second factor and recovery codes, signs the admin
 * out everywhere and clears the admin's login locks; audited as the admin's own row ('totp_reset', by
 * the CLI). The admin signs in with the password and enrols again.
 */
export async function resetAdminSecondFactor(
  database: Database,
  counters: Counters,
  username: string,
  now: number,
): Promise<{ id: number; username: string; wasEnrolled: boolean }> {
  const result = await database.write(async (tx) => {
    const row = await secondFactorRepo.byUsername(tx, username.trim());
    if (!row) throw new AdminResetError(`No admin named "${username.trim()}".`);
    await secondFactorRepo.reset(tx, row.id);
    publishRevoke(tx, 'admin', row.id);
    await writeAudit(
      tx,
      {
        adminId: row.id,
        action: 'totp_reset',
        targetType: 'admin',
        targetId: row.id,
        before: { enrolled: row.totpSecret !== null, enrolledAt: toIso(row.totpEnrolledAt) },
        after: { enrolled: false, by: 'cli', tokensRevoked: true },
      },
      now,
    );
    return { id: row.id, username: row.username, wasEnrolled: row.totpSecret !== null };
  });
  await unlockAccount(counters, `admin:${result.username.toLowerCase()}`);
  return result;
}
