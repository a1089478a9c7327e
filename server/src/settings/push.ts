import { createECDH } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, intFrom } from './base.js';

/** Web push: the VAPID key pair that signs every push, who it names as sender, the send sweep. */
export interface PushConfig {
  /**
   * The key pair (base64url: a 65-byte uncompressed P-256 public key, a 32-byte private key). null:
   * the push module reads (or creates once) the pair stored in the database, which every instance
   * on one PostgreSQL database shares.
   */
  vapid: VapidKeys | null;
  /** VAPID_SUBJECT: a mailto: or https: contact the push services may use (default mailto:SUPPORT_EMAIL). */
  subject: string;
  /** PUSH_SWEEP_MS: how often each instance sends the notifications that are due. */
  sweepMs: number;
  /** NODE_ENV=test only: subscriptions may name an http endpoint on a loopback address (a test's push service). */
  allowLoopbackHttp: boolean;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const DEFAULT_PUSH_SWEEP_MS = 5_000;

const B64URL = /^[A-Za-z0-9_-]+$/;
const bytesOf = (value: string) => Buffer.from(value, 'base64url').length;

/** A fresh P-256 key pair in the form browsers and push services expect. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A private key with leading zero bytes comes back shorter: padded to the 32 bytes it stands for.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
}

/** Whether a pair has the right shape (and the private key gives the public one). */
export function vapidKeysValid(keys: Partial<VapidKeys>): keys is VapidKeys {
  const { publicKey, privateKey } = keys;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') return false;
  if (!B64URL.test(publicKey) || !B64URL.test(privateKey)) return false;
  if (bytesOf(publicKey) !== 65 || bytesOf(privateKey) !== 32) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}

/**
 * The pair kept in DATA_DIR/secrets.json beside the token secret (added on the first start that
 * needs it; the file's other entries are kept).
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, 'secrets.json');
  let stored: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {
      stored = {};
    }
  }
  const existing = { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey } as Partial<VapidKeys>;
  if (vapidKeysValid(existing)) return existing;
  const keys = generateVapidKeys();
  const next = { ...stored, vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey };
  writeFileSync(file, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither), VAPID_SUBJECT, PUSH_SWEEP_MS. Without
 * the keys: SQLite keeps a pair in DATA_DIR/secrets.json; PostgreSQL shares one pair in the database.
 */
export function parsePushConfig(
  env: NodeJS.ProcessEnv,
  ctx: { dataDir: string; onPostgres: boolean; supportEmail: string; test: boolean },
): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  let vapid: VapidKeys | null;
  if (publicKey !== undefined || privateKey !== undefined) {
    if (!vapidKeysValid({ publicKey, privateKey })) {
      throw new ConfigError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together: a P-256 key pair in base64url (65-byte public, 32-byte private key), as `npx web-push generate-vapid-keys` prints; unset both to generate one',
      );
    }
    vapid = { publicKey: publicKey!, privateKey: privateKey! };
  } else {
    vapid = ctx.onPostgres ? null : loadOrCreateVapidKeys(ctx.dataDir);
  }
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:${ctx.supportEmail}`;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${subject}"`);
  }
  return {
    vapid,
    subject,
    sweepMs: Math.max(100, intFrom(env.PUSH_SWEEP_MS, DEFAULT_PUSH_SWEEP_MS, 'PUSH_SWEEP_MS')),
    allowLoopbackHttp: ctx.test,
  };
}
