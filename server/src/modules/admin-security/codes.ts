import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@gogo/shared/api';

/** RFC 6238 defaults (30 s, 6 digits, SHA-1): what every authenticator app reads from the QR code. */
const PERIOD_S = 30;
/** One step either side: a phone clock a little off, or a code typed just as it changed. */
const TOLERANCE_S = PERIOD_S;
export const TOTP_ISSUER = 'GOGO Board';

export const newTotpSecret = () => generateSecret();

export const otpauthUri = (username: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: username, secret });

/** The time step the code belongs to when it is valid at `nowMs`, else null. */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: TOLERANCE_S });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A used TOTP step is remembered longer than the tolerance window, so its code cannot be replayed. */
export const USED_STEP_MS = 3 * 60_000;
export const usedStepKey = (adminId: number, step: number) => `totp-used:${adminId}:${step}`;

// Without 0/O, 1/I/L: read off a screen or paper and typed back without doubt.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten codes like 'K7QM-4XTD-P9RA' (60 bits each): shown once, kept as hashes only. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    ).join('-'),
  );
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/**
 * A recovery code carries 60 random bits, so a plain SHA-256 is enough (a slow password hash guards
 * guessable secrets); a stolen table gives nothing to try at the login.
 */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(`gogo-recovery:${normaliseRecoveryCode(code)}`)
    .digest('hex');

/**
 * The password step's challenge: admin id, token version, expiry and a random id, signed with
 * HMAC-SHA256 under the server's secret (any instance takes the second step). A logout or a reset
 * moves the token version and voids it; the random id lets the shared counters spend it once and
 * void it after a few wrong codes (login.ts).
 */
export function signChallenge(secret: string, claims: { adminId: number; tokenVersion: number; exp: number }) {
  const body = `${claims.adminId}.${claims.tokenVersion}.${claims.exp}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${mac(secret, body)}`;
}

export function readChallenge(
  secret: string,
  token: string,
  nowMs: number,
): { adminId: number; tokenVersion: number; id: string; exp: number } | null {
  const match = /^(\d{1,12})\.(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, tv, exp, nonce, signature] = match;
  const expected = Buffer.from(mac(secret, `${id}.${tv}.${exp}.${nonce}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(exp) <= nowMs) return null;
  return { adminId: Number(id), tokenVersion: Number(tv), id: nonce!, exp: Number(exp) };
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`admin-challenge:${body}`).digest('base64url');
