import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './base.js';

// Sign-in: the login throttle's limits and the secret that signs every token.

export interface AuthRateLimit {
  /** Requests per window from one IP to the auth routes (generous: many players share a NAT). */
  perIpMax: number;
  /**
   * Failed logins per window against one account from all addresses after which every attempt on it
   * waits a growing delay (the account-wide soft throttle; it never refuses the owner).
   */
  perAccountMax: number;
  windowMs: number;
  /** Failed logins per window from one address+account pair before that pair is locked (423). */
  lockAfter: number;
  /** Failed logins (any accounts) per window from one address before its logins answer 429. */
  failedPerIp: number;
  /** The soft throttle's first delay, doubled for each further failure, never above softDelayMaxMs. */
  softDelayMs: number;
  softDelayMaxMs: number;
}

export const defaultAuthRateLimit: AuthRateLimit = {
  perIpMax: 1000,
  perAccountMax: 10,
  windowMs: 15 * 60 * 1000,
  lockAfter: 5,
  failedPerIp: 30,
  softDelayMs: 1000,
  softDelayMaxMs: 10_000,
};

/** JWT_SECRET signs every token (HS256): a short secret can be guessed offline from one token. */
export function jwtSecretFrom(raw: string | undefined, dataDir: string): string {
  if (raw === undefined) return loadOrCreateSecrets(dataDir).jwtSecret;
  if (raw.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters (or unset it to generate one)');
  return raw;
}

/**
 * JWT_PREVIOUS_SECRETS: the secrets of before a rotation, separated by commas or spaces; each as
 * long as JWT_SECRET must be. Unset: none.
 */
export function jwtPreviousSecretsFrom(raw: string | undefined, current: string): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const secrets = raw.split(/[\s,]+/).filter((secret) => secret !== '');
  for (const [i, secret] of secrets.entries()) {
    if (secret.length < 32) {
      throw new ConfigError(`JWT_PREVIOUS_SECRETS: secret ${i + 1} is shorter than 32 characters`);
    }
  }
  return [...new Set(secrets)].filter((secret) => secret !== current);
}

interface Secrets {
  jwtSecret: string;
}

/** Secrets live in DATA_DIR/secrets.json, generated on first start, readable by the owner only. */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  let parsed: Partial<Secrets> & Record<string, unknown> = {};
  if (existsSync(file)) {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets> & Record<string, unknown>;
    if (typeof parsed.jwtSecret === 'string' && parsed.jwtSecret.length >= 32) {
      return { jwtSecret: parsed.jwtSecret };
    }
  }
  const secrets: Secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  // The file's other entries (the VAPID key pair, settings/push.ts) are kept.
  writeFileSync(file, JSON.stringify({ ...parsed, ...secrets }, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
