import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { CRYPTO_TYPES, PRICE_KEYS, isCryptoType, type CryptoType, type PricesUsd } from '@gogo/shared/rules';
import { repoRoot } from './paths.js';
import { ConfigError, intFrom } from './settings/base.js';
import { DEFAULT_EVENTS_SWEEP_MS } from './settings/events.js';
import { DEFAULT_MAIL_SWEEP_MS, parseMailFrom, parseSmtpUrl, type MailConfig } from './settings/mail.js';
import { parseInputLimits, parseWithdrawRules, type InputLimits, type WithdrawRules } from './settings/withdraw.js';
import { parseChainConfig, type ChainConfig } from './settings/chain.js';

export { ConfigError } from './settings/base.js';
export * from './settings/mail.js';
export * from './settings/withdraw.js';

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
  /** Test-only (GOGO_TEST_ROLL_COOLDOWN_MS): a shorter roll cooldown, so browser tests wait less; null = the rule's. */
  testRollCooldownMs?: number | null;
  adminBootstrap: { username: string; password: string } | null;
  /** The token launch announcement and support address shown on the public pages. */
  site: SiteConfig;
  /** Where /api/prices reads from; defaults to defaultPriceConfig(). */
  prices?: PriceConfig;
  /** Receiving address per currency shown on the deposit tab; unset currencies show none. */
  depositAddresses?: Partial<Record<CryptoType, string>>;
  /** DATABASE_URL: a postgres:// URL selects PostgreSQL; unset, SQLite in `databaseFile`. */
  databaseUrl?: string | null;
  /** DATABASE_POOL_MAX: connections in the PostgreSQL pool. */
  databasePoolMax?: number;
  /**
   * TRUST_PROXY: the proxies (addresses or CIDRs) whose X-Forwarded-For is believed for req.ip. Unset
   * or empty: the header is ignored and req.ip is the socket's address.
   */
  trustProxy?: string[] | null;
  /** ADMIN_REQUIRE_2FA: admins without a second factor must enrol before using the back office. */
  adminRequire2fa?: boolean;
  /** METRICS_TOKEN: lets a non-loopback scraper read /metrics with `Authorization: Bearer <token>`. */
  metricsToken?: string | null;
  // Mail: outgoing mail (modules/mail).
  /** SMTP_URL, MAIL_FROM, MAIL_SWEEP_MS; unset (tests), mail goes to DATA_DIR/outbox as .eml files. */
  mail?: MailConfig;
  /** EVENTS_SWEEP_MS: how often each instance settles ended events and friends-race weeks. */
  eventsSweepMs?: number;
  /** Risk: withdrawal eligibility rules and the limits of strict inputs. */
  withdrawRules?: WithdrawRules;
  inputLimits?: InputLimits;
  /** On-chain deposits and payout checks (CHAIN_RPC_URL, DEPOSIT_XPUB, ...); null or unset: manual. */
  chain?: ChainConfig | null;
}

/** JWT_SECRET signs every token (HS256): a short secret can be guessed offline from one token. */
export function jwtSecretFrom(raw: string | undefined, dataDir: string): string {
  if (raw === undefined) return loadOrCreateSecrets(dataDir).jwtSecret;
  if (raw.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters (or unset it to generate one)');
  return raw;
}

export const DEFAULT_POOL_MAX = 10;

/** DATABASE_URL: postgres:// or postgresql:// with a host and a database name; anything else is refused. */
export function parseDatabaseUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL like postgres://user:password@host:5432/gogo');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql:// (got ${url.protocol}//); unset it to use SQLite`,
    );
  }
  if (url.hostname === '' || url.pathname.replace(/^\/+/, '') === '') {
    throw new ConfigError(
      'DATABASE_URL needs a host and a database name, like postgres://user:password@host:5432/gogo',
    );
  }
  return value;
}

// proxy-addr's named ranges, accepted by Fastify's trustProxy beside addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash < 0) return isIP(entry) !== 0;
  const family = isIP(entry.slice(0, slash));
  const bits = entry.slice(slash + 1);
  if (family === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: a comma list of proxy addresses or CIDRs (e.g. "127.0.0.1,10.0.0.0/8"); unset: null. */
export function parseTrustProxy(raw: string | undefined): string[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      throw new ConfigError(
        `TRUST_PROXY must list proxy addresses or CIDRs separated by commas, like 127.0.0.1,10.0.0.0/8; "${entry}" is neither`,
      );
    }
  }
  return entries.length > 0 ? entries : null;
}

/** METRICS_TOKEN: at least 16 characters without spaces, so that a guessable token cannot open /metrics. */
export function parseMetricsToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^\S{16,}$/.test(raw)) throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  return raw;
}

export interface PriceConfig {
  /** The local price table (USD per unit). */
  table: PricesUsd;
  /** When the table's prices were observed (epoch ms). */
  tableUpdatedAt: number;
  /** A CoinGecko-compatible API base (or its /simple/price URL); null serves the table. */
  feedUrl: string | null;
  feedTimeoutMs: number;
  cacheTtlMs: number;
}

/** Defaults of the local price table: round figures, replace them with PRICE_TABLE or a feed. */
export const DEFAULT_PRICE_TABLE: PricesUsd = { btc: 60000, eth: 3000, sol: 150, usdt: 1, usdc: 1 };

export function defaultPriceConfig(now = Date.now()): PriceConfig {
  return {
    table: { ...DEFAULT_PRICE_TABLE },
    tableUpdatedAt: now,
    feedUrl: null,
    feedTimeoutMs: 3000,
    cacheTtlMs: 60_000,
  };
}

/** PRICE_TABLE: JSON such as {"btc":65000,"sol":140,"updatedAt":"2026-01-10T00:00:00Z"}; missing coins keep defaults. */
export function parsePriceTable(raw: string | undefined, now: number): { table: PricesUsd; updatedAt: number } {
  const table = { ...DEFAULT_PRICE_TABLE };
  if (raw === undefined || raw.trim() === '') return { table, updatedAt: now };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PRICE_TABLE must be JSON, e.g. {"btc":60000,"eth":3000}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('PRICE_TABLE must be a JSON object');
  }
  let updatedAt = now;
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (key === 'updatedAt') {
      const t = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
      if (!Number.isFinite(t)) throw new ConfigError('PRICE_TABLE.updatedAt must be a date');
      updatedAt = t;
      continue;
    }
    const coin = key.toLowerCase();
    if (!(PRICE_KEYS as readonly string[]).includes(coin))
      throw new ConfigError(`PRICE_TABLE: unknown currency "${key}"`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new ConfigError(`PRICE_TABLE.${key} must be a positive number`);
    }
    table[coin as keyof PricesUsd] = value;
  }
  return { table, updatedAt };
}

/** DEPOSIT_ADDRESSES: JSON such as {"BTC":"bc1...","SOL":"..."}. */
export function parseDepositAddresses(raw: string | undefined): Partial<Record<CryptoType, string>> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('DEPOSIT_ADDRESSES must be JSON, e.g. {"BTC":"bc1q..."}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('DEPOSIT_ADDRESSES must be a JSON object');
  }
  const out: Partial<Record<CryptoType, string>> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const crypto = key.toUpperCase();
    if (!isCryptoType(crypto))
      throw new ConfigError(`DEPOSIT_ADDRESSES: unknown currency "${key}" (${CRYPTO_TYPES.join(', ')})`);
    if (typeof value !== 'string' || value.trim() === '')
      throw new ConfigError(`DEPOSIT_ADDRESSES.${key} must be a string`);
    out[crypto] = value.trim();
  }
  return out;
}

function feedUrlFrom(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`PRICE_FEED_URL must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError('PRICE_FEED_URL must be http or https');
  return url.toString().replace(/\/+$/, '');
}

export interface SiteConfig {
  /** ISO 8601 UTC moment of the announced token launch (LAUNCH_AT). */
  launchAt: string;
  /** Announced launch price of one GOGO in USD (LAUNCH_PRICE_USD). */
  launchPriceUsd: number;
  /** Where the contact, help and feature-request forms send their mail (SUPPORT_EMAIL). */
  supportEmail: string;
}

/** The announced launch: 1 December 2025 00:00 UTC at $0.10 per GOGO. */
export const defaultSiteConfig: SiteConfig = {
  launchAt: '2025-12-01T00:00:00.000Z',
  launchPriceUsd: 0.1,
  supportEmail: 'support@gogoboard.app',
};

export const defaultAuthRateLimit: AuthRateLimit = {
  perIpMax: 1000,
  perAccountMax: 10,
  windowMs: 15 * 60 * 1000,
  lockAfter: 5,
  failedPerIp: 30,
  softDelayMs: 1000,
  softDelayMaxMs: 10_000,
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

function boolFrom(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function launchAtFrom(value: string | undefined): string {
  if (value === undefined || value === '') return defaultSiteConfig.launchAt;
  // A date and time with an explicit zone (Z or +hh:mm), so that the moment is the same everywhere.
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
    ? Date.parse(value)
    : NaN;
  if (!Number.isFinite(ms))
    throw new ConfigError(`LAUNCH_AT must be an ISO date-time with a zone, like 2025-12-01T00:00:00Z; got "${value}"`);
  return new Date(ms).toISOString();
}

function priceFrom(value: string | undefined): number {
  if (value === undefined || value === '') return defaultSiteConfig.launchPriceUsd;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1_000_000) {
    throw new ConfigError(`LAUNCH_PRICE_USD must be a price in USD (0 or more), got "${value}"`);
  }
  return n;
}

function emailFrom(value: string | undefined): string {
  if (value === undefined || value === '') return defaultSiteConfig.supportEmail;
  const email = value.trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email) || email.length > 254) {
    throw new ConfigError(`SUPPORT_EMAIL must be an email address, got "${value}"`);
  }
  return email;
}

function publicUrlFrom(value: string | undefined, port: number): string {
  const raw = value === undefined || value === '' ? `http://localhost:${port}` : value.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
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
  const fastPasswordHash = env.GOGO_FAST_PASSWORD_HASH !== undefined;
  const testRollCooldown = env.GOGO_TEST_ROLL_COOLDOWN_MS;
  if (
    mode === 'production' &&
    (testSeed !== null || benchNoCooldown || fastPasswordHash || testRollCooldown !== undefined)
  ) {
    throw new ConfigError(
      'GOGO_TEST_SEED, GOGO_TEST_ROLL_COOLDOWN_MS, GOGO_BENCH_NO_COOLDOWN and GOGO_FAST_PASSWORD_HASH are refused when NODE_ENV=production.',
    );
  }
  const testRollCooldownMs =
    testRollCooldown === undefined ? null : intFrom(testRollCooldown, 0, 'GOGO_TEST_ROLL_COOLDOWN_MS');
  const now = Date.now();
  const priceTable = parsePriceTable(env.PRICE_TABLE, now);
  const adminUsername = env.ADMIN_USERNAME;
  const adminPassword = env.ADMIN_PASSWORD;
  const databasePoolMax = intFrom(env.DATABASE_POOL_MAX, DEFAULT_POOL_MAX, 'DATABASE_POOL_MAX');
  if (databasePoolMax < 1) throw new ConfigError('DATABASE_POOL_MAX must be at least 1');
  return {
    env: mode,
    port,
    host,
    dataDir,
    databaseFile: join(dataDir, 'gogo.sqlite'),
    jwtSecret: jwtSecretFrom(env.JWT_SECRET, dataDir),
    publicUrl: publicUrlFrom(env.PUBLIC_URL, port),
    logLevel: env.LOG_LEVEL ?? 'info',
    version: readVersion(),
    // Login throttling and the admin second factor (login part).
    authRateLimit: {
      perIpMax: intFrom(env.AUTH_RATE_LIMIT_PER_IP, defaultAuthRateLimit.perIpMax, 'AUTH_RATE_LIMIT_PER_IP'),
      perAccountMax: intFrom(
        env.AUTH_RATE_LIMIT_PER_ACCOUNT,
        defaultAuthRateLimit.perAccountMax,
        'AUTH_RATE_LIMIT_PER_ACCOUNT',
      ),
      windowMs: defaultAuthRateLimit.windowMs,
      lockAfter: intFrom(env.LOGIN_LOCK_AFTER, defaultAuthRateLimit.lockAfter, 'LOGIN_LOCK_AFTER'),
      failedPerIp: intFrom(env.LOGIN_FAILED_PER_IP, defaultAuthRateLimit.failedPerIp, 'LOGIN_FAILED_PER_IP'),
      softDelayMs: defaultAuthRateLimit.softDelayMs,
      softDelayMaxMs: intFrom(
        env.LOGIN_SOFT_DELAY_MAX_MS,
        defaultAuthRateLimit.softDelayMaxMs,
        'LOGIN_SOFT_DELAY_MAX_MS',
      ),
    },
    adminRequire2fa: boolFrom(env.ADMIN_REQUIRE_2FA, mode === 'production', 'ADMIN_REQUIRE_2FA'),
    testSeed,
    benchNoCooldown,
    testRollCooldownMs,
    adminBootstrap: adminUsername && adminPassword ? { username: adminUsername, password: adminPassword } : null,
    prices: {
      table: priceTable.table,
      tableUpdatedAt: priceTable.updatedAt,
      feedUrl: feedUrlFrom(env.PRICE_FEED_URL),
      feedTimeoutMs: intFrom(env.PRICE_FEED_TIMEOUT_MS, 3000, 'PRICE_FEED_TIMEOUT_MS'),
      cacheTtlMs: intFrom(env.PRICE_CACHE_TTL_MS, 60_000, 'PRICE_CACHE_TTL_MS'),
    },
    depositAddresses: parseDepositAddresses(env.DEPOSIT_ADDRESSES),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    databasePoolMax,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    // Mail.
    mail: {
      smtpUrl: parseSmtpUrl(env.SMTP_URL),
      from: parseMailFrom(env.MAIL_FROM),
      sweepMs: Math.max(100, intFrom(env.MAIL_SWEEP_MS, DEFAULT_MAIL_SWEEP_MS, 'MAIL_SWEEP_MS')),
    },
    eventsSweepMs: Math.max(100, intFrom(env.EVENTS_SWEEP_MS, DEFAULT_EVENTS_SWEEP_MS, 'EVENTS_SWEEP_MS')),
    withdrawRules: parseWithdrawRules(env),
    inputLimits: parseInputLimits(env),
    chain: parseChainConfig(env),
    site: {
      launchAt: launchAtFrom(env.LAUNCH_AT),
      launchPriceUsd: priceFrom(env.LAUNCH_PRICE_USD),
      supportEmail: emailFrom(env.SUPPORT_EMAIL),
    },
  };
}
