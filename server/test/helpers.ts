import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import {
  defaultAuthRateLimit,
  defaultProductionSettings,
  defaultSiteConfig,
  type AppConfig,
} from '../src/settings/index.js';
import { type Database } from '../src/db/client.js';
import { createPostgresTestDatabase, openFreshSqlite, testDatabaseUrl, testTempDir } from './test-databases.js';

export interface TestClock {
  (): number;
  now: number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function createTestClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)): TestClock {
  const clock = (() => clock.now) as TestClock;
  clock.now = start;
  clock.advance = (ms) => {
    clock.now += ms;
  };
  clock.set = (ms) => {
    clock.now = ms;
  };
  return clock;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
}

/** Receiving addresses for every coin (test values): a coin without one cannot be paid in. */
export const TEST_DEPOSIT_ADDRESSES = {
  BTC: 'bc1qtestreceive0000000000000000000000000',
  ETH: '0x00000000000000000000000000000000000000e7',
  USDT: '0x00000000000000000000000000000000000000a1',
  USDC: '0x00000000000000000000000000000000000000c5',
  SOL: 'TestReceiveSo1ana1111111111111111111111111',
} as const;

/** Payout addresses of the right shape per coin, for withdrawal tests. */
export const PAYOUT = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  ETH: '0x52908400098527886E0F7030069857D2E4169EE7',
  USDT: '0x52908400098527886E0F7030069857D2E4169EE7',
  USDC: '0x52908400098527886E0F7030069857D2E4169EE7',
  SOL: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
} as const;

/**
 * The settings every test app starts from (createTestApp and the tests that build apps of their own):
 * a test environment in `dataDir`, limits that a test's many sign-ups from one address never reach,
 * and the test deposit addresses. A test overrides only what it is about.
 */
export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseFile: join(dataDir, 'gogo.sqlite'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    version: '0.0.0-test',
    authRateLimit: { ...defaultAuthRateLimit, perIpMax: 10_000, perAccountMax: 10_000 },
    testSeed: null,
    benchNoCooldown: false,
    testRollCooldownMs: null,
    adminBootstrap: null,
    site: defaultSiteConfig,
    depositAddresses: TEST_DEPOSIT_ADDRESSES,
    // Every test signs players up from one address; the sign-up limit has tests of its own.
    production: { ...defaultProductionSettings, signupsPerIpPerHour: 0 },
    ...overrides,
  };
}

/**
 * A real app on a real database with a movable clock: a temporary SQLite file (a copy of a migrated
 * one, test-databases.ts), or with
 * TEST_DATABASE_URL a fresh PostgreSQL database (test-databases.ts) dropped on close.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildAppOptions, 'realtime' | 'logger' | 'afterRoll'> = {},
): Promise<TestContext> {
  const dataDir = testTempDir('gogo-test');
  const config = testConfig(dataDir, overrides);
  const pg = testDatabaseUrl ? await createPostgresTestDatabase() : null;
  const database: Database = pg ? pg.database : await openFreshSqlite(config.databaseFile);
  const clock = createTestClock();
  const app = await buildApp({ config, database, clock, ...options });
  await app.ready();
  return {
    app,
    database,
    clock,
    dataDir,
    async close() {
      await app.close();
      await pg?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function json<T = any>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

let counter = 0;
/** A fresh, valid registration body. */
export function newPlayer(prefix = 'player') {
  counter += 1;
  const id = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
  return { username: id, email: `${id}@example.com`, password: 'secret123' };
}

export async function registerPlayer(app: FastifyInstance, body = newPlayer()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { user: { id: number; username: string; email: string }; token: string };
  return { ...data, password: body.password };
}
