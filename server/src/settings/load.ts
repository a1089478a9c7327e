import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../paths.js';
import type { AppConfig } from './app.js';
import { defaultAuthRateLimit, jwtPreviousSecretsFrom, jwtSecretFrom } from './auth.js';
import { ConfigError, intFrom, switchFrom } from './base.js';
import { parseChainConfig } from './chain.js';
import { parseDiceRefill } from './dice.js';
import { DEFAULT_EVENTS_SWEEP_MS } from './events.js';
import { DEFAULT_MAIL_SWEEP_MS, parseMailFrom, parseSmtpUrl } from './mail.js';
import {
  DEFAULT_POOL_MAX,
  parseDatabasePooler,
  parseDatabaseUrl,
  parseMetricsToken,
  parseTrustProxy,
  publicUrlFrom,
} from './network.js';
import { feedUrlFrom, parseDepositAddresses, parsePriceTable } from './prices.js';
import { logLevelFrom, parseProductionSettings } from './production.js';
import { parseLoadShedding } from './load-shedding.js';
import { parsePushConfig } from './push.js';
import { emailFrom, launchAtFrom, priceFrom } from './site.js';
import { parseInputLimits, parseWithdrawRules } from './withdraw.js';
import { parseReadLimit, parseTreasuryConfig } from './treasury.js';

// Reads every setting from the environment at start; a bad one stops the server with a ConfigError.

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
  const testClockFile =
    env.GOGO_TEST_CLOCK_FILE === undefined || env.GOGO_TEST_CLOCK_FILE === '' ? null : env.GOGO_TEST_CLOCK_FILE;
  if (
    mode === 'production' &&
    (testSeed !== null ||
      benchNoCooldown ||
      fastPasswordHash ||
      testRollCooldown !== undefined ||
      testClockFile !== null)
  ) {
    throw new ConfigError(
      'GOGO_TEST_SEED, GOGO_TEST_ROLL_COOLDOWN_MS, GOGO_TEST_CLOCK_FILE, GOGO_BENCH_NO_COOLDOWN and GOGO_FAST_PASSWORD_HASH are refused when NODE_ENV=production.',
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
  const jwtSecret = jwtSecretFrom(env.JWT_SECRET, dataDir);
  const pooler = parseDatabasePooler(env, parseDatabaseUrl(env.DATABASE_URL));
  const databaseReadUrl = parseDatabaseUrl(env.DATABASE_READ_URL, 'DATABASE_READ_URL');
  if (databaseReadUrl !== null && parseDatabaseUrl(env.DATABASE_URL) === null) {
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: a replica reads for a PostgreSQL primary');
  }
  const databaseReadPoolMax = intFrom(env.DATABASE_READ_POOL_MAX, databasePoolMax, 'DATABASE_READ_POOL_MAX');
  if (databaseReadPoolMax < 1) throw new ConfigError('DATABASE_READ_POOL_MAX must be at least 1');
  const supportEmail = emailFrom(env.SUPPORT_EMAIL);
  return {
    env: mode,
    port,
    host,
    dataDir,
    databaseFile: join(dataDir, 'gogo.sqlite'),
    jwtSecret,
    jwtPreviousSecrets: jwtPreviousSecretsFrom(env.JWT_PREVIOUS_SECRETS, jwtSecret),
    publicUrl: publicUrlFrom(env.PUBLIC_URL, port),
    logLevel: logLevelFrom(env.LOG_LEVEL),
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
    testClockFile: testClockFile === null ? null : resolve(repoRoot, testClockFile),
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
    databasePooler: pooler.pooler,
    databaseDirectUrl: pooler.directUrl,
    databaseReadUrl,
    databaseReadPoolMax,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    // Mail.
    mail: {
      smtpUrl: parseSmtpUrl(env.SMTP_URL),
      from: parseMailFrom(env.MAIL_FROM),
      sweepMs: Math.max(100, intFrom(env.MAIL_SWEEP_MS, DEFAULT_MAIL_SWEEP_MS, 'MAIL_SWEEP_MS')),
    },
    eventsSweepMs: Math.max(100, intFrom(env.EVENTS_SWEEP_MS, DEFAULT_EVENTS_SWEEP_MS, 'EVENTS_SWEEP_MS')),
    houseEvent: switchFrom(env.HOUSE_EVENT, true, 'HOUSE_EVENT'),
    diceRefill: parseDiceRefill(env),
    withdrawRules: parseWithdrawRules(env),
    inputLimits: parseInputLimits(env),
    production: parseProductionSettings(env, {
      databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
      jwtSecretSet: env.JWT_SECRET !== undefined,
      trustProxySet: parseTrustProxy(env.TRUST_PROXY) !== null,
    }),
    chain: parseChainConfig(env),
    // Tests measure other things than the machine's load: shedding only when they ask for it.
    loadShedding:
      mode === 'test' && !Object.keys(env).some((name) => name.startsWith('LOAD_SHED_'))
        ? undefined
        : parseLoadShedding(env),
    push: parsePushConfig(env, {
      dataDir,
      onPostgres: parseDatabaseUrl(env.DATABASE_URL) !== null,
      supportEmail,
      test: mode === 'test',
    }),
    site: {
      launchAt: launchAtFrom(env.LAUNCH_AT),
      launchPriceUsd: priceFrom(env.LAUNCH_PRICE_USD),
      supportEmail,
      redemptionPriceUsd: parseTreasuryConfig(env, priceFrom(env.LAUNCH_PRICE_USD)).redemptionPriceUsd,
    },
    treasury: parseTreasuryConfig(env, priceFrom(env.LAUNCH_PRICE_USD)),
    readsPerMinute: parseReadLimit(env),
  };
}
