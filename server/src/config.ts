import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from './paths.js';

export interface AuthRateLimit {
  /** Requests per window from one IP to the auth routes (generous: many players share a NAT). */
  perIpMax: number;
  /** Attempts per window against one account (email or admin username). */
  perAccountMax: number;
  windowMs: number;
}

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  jwtSecret: string;
  publicUrl: string;
  logLevel: string;
  version: string;
  authRateLimit: AuthRateLimit;
  /** Test-only: a fixed master seed so that browser tests see deterministic dice. */
  testSeed: string | null;
  /** Bench-only: lift the 1 s roll cooldown so that a load test can drive one player hard. */
  benchNoCooldown: boolean;
  adminBootstrap: { username: string; password: string } | null;
  /** The token launch announcement and support address shown on the public pages. */
  site: SiteConfig;
}

export interface SiteConfig {
  /** ISO 8601 UTC moment of the announced token launch (LAUNCH_AT). */
  launchAt: string;
  /** Announced launch price of one GOGO in USD (LAUNCH_PRICE_USD). */
  launchPriceUsd: number;
  /** Where the contact, help and feature-request forms send their mail (SUPPORT_EMAIL). */
  supportEmail: string;
}

/** Spec section 1 and 9: launch on 1 December 2025 00:00 UTC at $0.10 per GOGO. */
export const defaultSiteConfig: SiteConfig = {
  launchAt: '2025-12-01T00:00:00.000Z',
  launchPriceUsd: 0.1,
  supportEmail: 'support@gogoboard.app',
};

export const defaultAuthRateLimit: AuthRateLimit = {
  perIpMax: 300,
  perAccountMax: 30,
  windowMs: 15 * 60 * 1000,
};

interface Secrets {
  jwtSecret: string;
}

/** Secrets live in DATA_DIR/secrets.json, generated on first start, readable by the owner only. */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (typeof parsed.jwtSecret === 'string' && parsed.jwtSecret.length >= 32) {
      return { jwtSecret: parsed.jwtSecret };
    }
  }
  const secrets: Secrets = { jwtSecret: randomBytes(48).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

function launchAtFrom(value: string | undefined): string {
  if (value === undefined || value === '') return defaultSiteConfig.launchAt;
  // A date and time with an explicit zone (Z or +hh:mm), so that the moment is the same everywhere.
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
    ? Date.parse(value)
    : NaN;
  if (!Number.isFinite(ms))
    throw new Error(`LAUNCH_AT must be an ISO date-time with a zone, like 2025-12-01T00:00:00Z; got "${value}"`);
  return new Date(ms).toISOString();
}

function priceFrom(value: string | undefined): number {
  if (value === undefined || value === '') return defaultSiteConfig.launchPriceUsd;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1_000_000) {
    throw new Error(`LAUNCH_PRICE_USD must be a price in USD (0 or more), got "${value}"`);
  }
  return n;
}

function emailFrom(value: string | undefined): string {
  if (value === undefined || value === '') return defaultSiteConfig.supportEmail;
  const email = value.trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email) || email.length > 254) {
    throw new Error(`SUPPORT_EMAIL must be an email address, got "${value}"`);
  }
  return email;
}

function publicUrlFrom(value: string | undefined, port: number): string {
  const raw = value === undefined || value === '' ? `http://localhost:${port}` : value.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const dataDir = resolve(repoRoot, env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const port = intFrom(env.PORT, 3000, 'PORT');
  const host = env.HOST ?? '127.0.0.1';
  const testSeed = env.GOGO_TEST_SEED ?? null;
  const benchNoCooldown = env.GOGO_BENCH_NO_COOLDOWN === '1';
  if (mode === 'production' && (testSeed !== null || benchNoCooldown)) {
    throw new Error('GOGO_TEST_SEED and GOGO_BENCH_NO_COOLDOWN are refused when NODE_ENV=production.');
  }
  const adminUsername = env.ADMIN_USERNAME;
  const adminPassword = env.ADMIN_PASSWORD;
  return {
    env: mode,
    port,
    host,
    dataDir,
    databaseFile: join(dataDir, 'gogo.sqlite'),
    jwtSecret: env.JWT_SECRET ?? loadOrCreateSecrets(dataDir).jwtSecret,
    publicUrl: publicUrlFrom(env.PUBLIC_URL, port),
    logLevel: env.LOG_LEVEL ?? 'info',
    version: readVersion(),
    authRateLimit: {
      perIpMax: intFrom(env.AUTH_RATE_LIMIT_PER_IP, defaultAuthRateLimit.perIpMax, 'AUTH_RATE_LIMIT_PER_IP'),
      perAccountMax: intFrom(
        env.AUTH_RATE_LIMIT_PER_ACCOUNT,
        defaultAuthRateLimit.perAccountMax,
        'AUTH_RATE_LIMIT_PER_ACCOUNT',
      ),
      windowMs: defaultAuthRateLimit.windowMs,
    },
    testSeed,
    benchNoCooldown,
    adminBootstrap: adminUsername && adminPassword ? { username: adminUsername, password: adminPassword } : null,
    site: {
      launchAt: launchAtFrom(env.LAUNCH_AT),
      launchPriceUsd: priceFrom(env.LAUNCH_PRICE_USD),
      supportEmail: emailFrom(env.SUPPORT_EMAIL),
    },
  };
}
