import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { defaultAuthRateLimit, type AppConfig } from '../src/settings/index.js';
import { openDatabase, type SqliteDatabase } from '../src/db/client.js';
import { sql } from '../src/db/sql.js';
import { dbCounters, PRUNE_EVERY_MS } from '../src/modules/throttle/counters.js';
import { createTestClock } from './helpers.js';
import { configFor } from './ops-helpers.js';

// Throttles live in the shared database, so instances behave as one.
const counterRow = sql<{ key: string }, { count: number; resetAt: number }>(
  'SELECT count, reset_at AS "resetAt" FROM throttle_counters WHERE key = :key',
);

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gogo-counters-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'gogo.sqlite');
}

function open(file: string): SqliteDatabase {
  const database = openDatabase(file);
  cleanups.push(() => database.close());
  return database;
}

describe('dbCounters', () => {
  it('counts hits in a fixed window, peeks, resets and starts a new window', async () => {
    const counters = dbCounters(open(tempFile()));
    const t0 = 1_000_000;
    expect(await counters.hit('k', 1000, t0)).toEqual({ count: 1, resetAt: t0 + 1000 });
    expect(await counters.hit('k', 1000, t0 + 10)).toEqual({ count: 2, resetAt: t0 + 1000 });
    expect(await counters.peek('k', t0 + 999)).toBe(2);
    expect(await counters.peek('k', t0 + 1000)).toBe(0); // the window has ended
    expect(await counters.hit('k', 1000, t0 + 1000)).toEqual({ count: 1, resetAt: t0 + 2000 });
    await counters.reset('k');
    expect(await counters.peek('k', t0 + 1001)).toBe(0);
    expect(await counters.hit('k', 1000, t0 + 1001)).toEqual({ count: 1, resetAt: t0 + 2001 });
  });

  it('gives concurrent hits distinct counts (one atomic upsert each)', async () => {
    const counters = dbCounters(open(tempFile()));
    const results = await Promise.all(Array.from({ length: 40 }, () => counters.hit('burst', 60_000, 5000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('prunes rows whose window has ended, now and then', async () => {
    const database = open(tempFile());
    const counters = dbCounters(database);
    const t0 = 10_000_000;
    await counters.hit('old', 1000, t0);
    await counters.hit('young', 10 * PRUNE_EVERY_MS, t0 + 10);
    expect(await database.read.get(counterRow, { key: 'old' })).toBeDefined();
    await counters.hit('trigger', 1000, t0 + PRUNE_EVERY_MS);
    expect(await database.read.get(counterRow, { key: 'old' })).toBeUndefined();
    expect(await database.read.get(counterRow, { key: 'young' })).toEqual({
      count: 1,
      resetAt: t0 + 10 + 10 * PRUNE_EVERY_MS,
    });
  });

  it('two connections to one database file share the counts', async () => {
    const file = tempFile();
    const a = dbCounters(open(file));
    const b = dbCounters(open(file));
    await a.hit('shared', 60_000, 1);
    await b.hit('shared', 60_000, 2);
    expect((await a.hit('shared', 60_000, 3)).count).toBe(3);
    expect(await b.peek('shared', 4)).toBe(3);
  });
});

/** An app ("instance") on the given database file; several may share one file. */
async function instance(file: string, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: configFor(file, overrides),
    database: openDatabase(file),
    clock: createTestClock(),
  });
  cleanups.push(() => app.close());
  await app.ready();
  return app;
}

const login = (app: FastifyInstance, opts: { ip?: string; forwardedFor?: string; email?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
    payload: { email: opts.email ?? 'nobody@example.com', password: 'wrong-password' },
  });

describe('two instances on one database', () => {
  it('share the per-IP limit of the auth routes', async () => {
    const file = tempFile();
    const limits = { authRateLimit: { ...defaultAuthRateLimit, perIpMax: 3, perAccountMax: 10_000 } };
    const [one, two] = [await instance(file, limits), await instance(file, limits)];
    expect((await login(one)).statusCode).toBe(401);
    expect((await login(two)).statusCode).toBe(401);
    expect((await login(one)).statusCode).toBe(401);
    const limited = await login(two);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMIT_EXCEEDED' } });
    // Another address still gets in on both.
    expect((await login(one, { ip: '203.0.113.7' })).statusCode).toBe(401);
  });

  it('share the address+account login lock: another address is not locked', async () => {
    const file = tempFile();
    const limits = { authRateLimit: { ...defaultAuthRateLimit, perIpMax: 10_000, lockAfter: 2 } };
    const [one, two] = [await instance(file, limits), await instance(file, limits)];
    const email = 'target@example.com';
    expect((await login(one, { ip: '203.0.113.1', email })).statusCode).toBe(401);
    expect((await login(two, { ip: '203.0.113.1', email })).statusCode).toBe(423);
    expect((await login(one, { ip: '203.0.113.1', email })).statusCode).toBe(423);
    expect((await login(one, { ip: '203.0.113.2', email })).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  const limits = { authRateLimit: { ...defaultAuthRateLimit, perIpMax: 2, perAccountMax: 10_000 } };

  it('unset: X-Forwarded-For is ignored, so a client cannot dodge the limit by inventing addresses', async () => {
    const app = await instance(tempFile(), limits);
    expect((await login(app, { forwardedFor: '203.0.113.1' })).statusCode).toBe(401);
    expect((await login(app, { forwardedFor: '203.0.113.2' })).statusCode).toBe(401);
    expect((await login(app, { forwardedFor: '203.0.113.3' })).statusCode).toBe(429);
  });

  it('set: the real client address from a trusted proxy counts; an untrusted sender is its own address', async () => {
    const app = await instance(tempFile(), { ...limits, trustProxy: ['127.0.0.1'] });
    // Through the proxy (127.0.0.1): each client has its own bucket.
    expect((await login(app, { forwardedFor: '203.0.113.1' })).statusCode).toBe(401);
    expect((await login(app, { forwardedFor: '203.0.113.1' })).statusCode).toBe(401);
    expect((await login(app, { forwardedFor: '203.0.113.1' })).statusCode).toBe(429);
    expect((await login(app, { forwardedFor: '203.0.113.2' })).statusCode).toBe(401);
    // Straight from an untrusted address: its header is not believed.
    const direct = { ip: '198.51.100.7' };
    expect((await login(app, { ...direct, forwardedFor: '203.0.113.50' })).statusCode).toBe(401);
    expect((await login(app, { ...direct, forwardedFor: '203.0.113.51' })).statusCode).toBe(401);
    expect((await login(app, { ...direct, forwardedFor: '203.0.113.52' })).statusCode).toBe(429);
  });
});
