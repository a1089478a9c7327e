import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, RecoveryErrorCode } from '@gogo/shared/api';
import { recoveryErrorText, recoveryText } from '@gogo/shared/messages';
import { normalizeEmail, validateEmail, validatePassword } from '@gogo/shared/validation';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { accounts, setPassword, type UserRow } from '../auth/index.js';
import type { Mailer } from '../mail/index.js';
import { publishRevoke } from '../../core/events.js';
import type { Counters } from '../throttle/index.js';
import { loginLinkMail, resetMail, verificationMail } from './mails.js';
import { recoveryRepo, type EmailTokenKind, type EmailTokenRow } from './repo.js';

const HOUR = 3_600_000;
/** Verification links last 48 hours, reset links 30 minutes. */
export const VERIFY_TTL_MS = 48 * HOUR;
export const RESET_TTL_MS = 30 * 60_000;
/** Sign-in links last 15 minutes; one address can cause 5 per hour (more get the same answer, no mail). */
export const LOGIN_LINK_TTL_MS = 15 * 60_000;
export const LOGIN_LINK_MAILS_PER_HOUR = 5;
/** Reset mails one address can cause per hour; more requests get the same answer and no mail. */
export const RESET_MAILS_PER_HOUR = 5;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const linkError = (code: keyof typeof recoveryErrorText) =>
  badRequest(RecoveryErrorCode[code], recoveryErrorText[code]);

/**
 * Verify an email address, reset a forgotten password, change the password. Links carry
 * a random token; only its SHA-256 is stored, so a database leak does not hand out working links.
 */
export function createRecoveryService(deps: {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  counters: Counters;
  signPlayerToken: (userId: number, tokenVersion: number) => string;
  /** The profile module's password check of sensitive actions (403 wrong, 429 after repeated failures). */
  confirmPassword: (user: UserRow, password: string, missingText: string) => Promise<void>;
  /** Where a failure of the forgot-password work (done off the response path) is reported. */
  onBackgroundError: (err: unknown) => void;
}) {
  const { database, clock, mailer } = deps;

  async function issueToken(tx: Tx, userId: number, kind: EmailTokenKind, email: string, now: number) {
    const token = randomBytes(32).toString('base64url');
    const ttl = kind === 'verify' ? VERIFY_TTL_MS : kind === 'login' ? LOGIN_LINK_TTL_MS : RESET_TTL_MS;
    await recoveryRepo.insertToken(tx, { userId, kind, tokenHash: hashToken(token), email, expiresAt: now + ttl }, now);
    return token;
  }

  /** Queues the verification mail in the caller's transaction (registration, email change, resend). */
  async function sendVerificationIn(tx: Tx, user: { id: number; username: string; email: string }, now: number) {
    const token = await issueToken(tx, user.id, 'verify', user.email, now);
    const link = `${deps.publicUrl}/verify-email?token=${token}`;
    await mailer.queue(tx, verificationMail(user.email, user.username, link), now);
  }

  /** Reads a link's token row, or the error to answer: unknown, expired or already used. */
  async function usableToken(token: string, kind: EmailTokenKind, now: number): Promise<EmailTokenRow> {
    if (!TOKEN_SHAPE.test(token)) throw linkError('LINK_INVALID');
    const row = await recoveryRepo.tokenByHash(database.read, hashToken(token), kind);
    if (!row) throw linkError('LINK_INVALID');
    if (row.usedAt !== null) throw linkError('LINK_USED');
    if (Number(row.expiresAt) <= now) throw linkError('LINK_EXPIRED');
    return row;
  }

  /** Marks the token used in `tx`; another request that used it first makes this one fail. */
  async function useIn(tx: Tx, row: EmailTokenRow, now: number) {
    if ((await recoveryRepo.useToken(tx, row.id, now)) === 0) throw linkError('LINK_USED');
    const status = await accounts.emailStatus(tx, row.userId);
    // The account moved to another address since the link was sent: it proves nothing now.
    if (!status || status.email !== row.email) throw linkError('LINK_INVALID');
    return status;
  }

  async function forgotWork(email: string) {
    const now = clock();
    const { count } = await deps.counters.hit(`reset-mail:${email}`, HOUR, now);
    if (count > RESET_MAILS_PER_HOUR) return;
    const user = await accounts.emailStatusByEmail(database.read, email);
    if (!user) return;
    await database.write(async (tx) => {
      await recoveryRepo.expireOlder(tx, user.id, 'reset', now);
      const token = await issueToken(tx, user.id, 'reset', user.email, now);
      const link = `${deps.publicUrl}/reset-password?token=${token}`;
      await mailer.queue(tx, resetMail(user.email, user.username, link), now);
    });
  }

  async function loginLinkWork(email: string) {
    const now = clock();
    const { count } = await deps.counters.hit(`login-link-mail:${email}`, HOUR, now);
    if (count > LOGIN_LINK_MAILS_PER_HOUR) return;
    const user = await accounts.emailStatusByEmail(database.read, email);
    if (!user) return;
    await database.write(async (tx) => {
      await recoveryRepo.expireOlder(tx, user.id, 'login', now);
      const token = await issueToken(tx, user.id, 'login', user.email, now);
      const link = `${deps.publicUrl}/login-link?token=${token}`;
      await mailer.queue(tx, loginLinkMail(user.email, user.username, link), now);
    });
  }

  return {
    sendVerificationIn,

    /** Like forgotPassword: the answer depends on the address's shape only; the mail goes after it. */
    requestLoginLink(rawEmail: string) {
      const error = validateEmail(rawEmail);
      if (error) throw badRequest(ErrorCode.INVALID_EMAIL, error, { field: 'email' });
      const email = normalizeEmail(rawEmail);
      setImmediate(() => void loginLinkWork(email).catch(deps.onBackgroundError));
      return { requested: true as const };
    },

    /**
     * Uses a sign-in link's token in the caller's transaction (once; a link of an address the account
     * has left proves nothing) and answers its player. The link reached the mailbox: the address is verified.
     */
    async useLoginLinkIn(tx: Tx, token: string, now: number): Promise<number> {
      const row = await usableToken(token, 'login', now);
      await useIn(tx, row, now);
      await accounts.markEmailVerified(tx, row.userId, row.email, now);
      return row.userId;
    },

    /** The player's address changed (in `tx`): unverified again, and a link goes to the new address. */
    async emailChangedIn(tx: Tx, user: { id: number; username: string; email: string }, now: number) {
      await accounts.emailChanged(tx, user.id, now);
      await recoveryRepo.expireOlder(tx, user.id, 'verify', now);
      await sendVerificationIn(tx, user, now);
    },

    async emailVerified(userId: number): Promise<boolean> {
      const status = await accounts.emailStatus(database.read, userId);
      return status?.emailVerifiedAt != null;
    },

    async verifyEmail(token: string) {
      const row = await usableToken(token, 'verify', clock());
      const now = clock();
      const status = await database.write(async (tx) => {
        const s = await useIn(tx, row, now);
        await accounts.markEmailVerified(tx, row.userId, row.email, now);
        return s;
      });
      return { verified: true as const, email: status.email };
    },

    async resendVerification(userId: number) {
      const status = await accounts.emailStatus(database.read, userId);
      if (!status) throw new AppError(401, ErrorCode.INVALID_TOKEN, 'Account not found.');
      if (status.emailVerifiedAt != null) {
        throw conflict(RecoveryErrorCode.EMAIL_ALREADY_VERIFIED, recoveryErrorText.EMAIL_ALREADY_VERIFIED);
      }
      await database.write((tx) => sendVerificationIn(tx, status, clock()));
      return { sent: true as const };
    },

    /**
     * Same status, body and timing whether or not an account has this address: the answer depends on
     * the address's shape only; the lookup and the mail happen after the answer, off its path.
     */
    forgotPassword(rawEmail: string) {
      const error = validateEmail(rawEmail);
      if (error) throw badRequest(ErrorCode.INVALID_EMAIL, error, { field: 'email' });
      const email = normalizeEmail(rawEmail);
      setImmediate(() => void forgotWork(email).catch(deps.onBackgroundError));
      return { requested: true as const };
    },

    /** A new password from a reset link: every token of the account stops, the player signs in again. */
    async resetPassword(token: string, password: string) {
      const passwordError = validatePassword(password);
      if (passwordError) throw badRequest(ErrorCode.WEAK_PASSWORD, passwordError, { field: 'password' });
      const row = await usableToken(token, 'reset', clock());
      const passwordHash = await hashPassword(password);
      const now = clock();
      await database.write(async (tx) => {
        await useIn(tx, row, now);
        await setPassword(tx, row.userId, passwordHash, now);
        // The link reached this address: that proves it as well as a verification link would.
        await accounts.markEmailVerified(tx, row.userId, row.email, now);
        publishRevoke(tx, 'player', row.userId);
      });
      return { reset: true as const };
    },

    /** The signed-in player's new password: other sessions are revoked; the caller gets a fresh token. */
    async changePassword(userId: number, currentPassword: string, newPassword: string) {
      const passwordError = validatePassword(newPassword);
      if (passwordError) throw badRequest(ErrorCode.WEAK_PASSWORD, passwordError, { field: 'newPassword' });
      const user = await accounts.userById(database.read, userId);
      if (!user) throw new AppError(401, ErrorCode.INVALID_TOKEN, 'Account not found.');
      await deps.confirmPassword(user, currentPassword, recoveryText.currentPasswordRequired);
      if (newPassword === currentPassword) {
        throw badRequest(RecoveryErrorCode.SAME_PASSWORD, recoveryErrorText.SAME_PASSWORD, { field: 'newPassword' });
      }
      const passwordHash = await hashPassword(newPassword);
      const tokenVersion = await database.write(async (tx) => {
        const version = await setPassword(tx, userId, passwordHash, clock());
        if (version === undefined) throw new AppError(401, ErrorCode.INVALID_TOKEN, 'Account not found.');
        publishRevoke(tx, 'player', userId);
        return version;
      });
      return { token: deps.signPlayerToken(userId, tokenVersion) };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
