import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { DatabaseUnavailableError } from '../src/db/errors.js';
import { journalOf, migrationsFolderOf } from '../src/db/migrations.js';
import { sql } from '../src/db/sql.js';
import { healthRoutes } from '../src/modules/health/routes.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { createTestApp, type TestContext } from './helpers.js';

describe('liveness and readiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('GET /api/ready answers 200 with the engine while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { status: 'ready', database: 'ok', engine: ctx.database.engine },
    });
  });

  it('both are in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/health'].get.responses).toHaveProperty('200');
    expect(doc.paths['/api/ready'].get.responses).toHaveProperty('503');
  });

  it('with the database gone, /api/ready is a 503 envelope and /api/health still 200', async () => {
    await ctx.database.close();
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ success: true, data: { status: 'ok', version: '0.0.0-test' } });
  });
});

describe('readiness follows the database', () => {
  it('503 while ping fails, 200 again once it answers (a database that comes back)', async () => {
    let up = false;
    // A database that answers as one migrated by this code.
    const journal = journalOf(migrationsFolderOf('postgres'));
    const database = {
      engine: 'postgres',
      ping: async () => {
        if (!up) throw new DatabaseUnavailableError('connect ECONNREFUSED');
      },
      read: { get: async () => ({ n: journal.length, newest: journal.at(-1)!.when, ahead: 0 }) },
    } as unknown as Database;
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(healthRoutes, { database, version: '1.2.3' });
    const down = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).not.toContain('ECONNREFUSED'); // internals stay in the server
    expect(down.json().error.details).toEqual({ reason: 'database_unreachable' });
    up = true;
    const back = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.engine).toBe('postgres');
    await app.close();
  });
});

describe('readiness follows the schema', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const table = { sqlite: '__drizzle_migrations', postgres: 'drizzle.__drizzle_migrations' };
  // Rows by their created_at (the journal's `when`): SQLite's table leaves its id column empty.
  const newest = sql<Record<string, never>, { hash: string; createdAt: number }>({
    sqlite: `SELECT hash, created_at AS "createdAt" FROM ${table.sqlite} ORDER BY created_at DESC LIMIT 1`,
    postgres: `SELECT hash, created_at AS "createdAt" FROM ${table.postgres} ORDER BY created_at DESC LIMIT 1`,
  });
  const forget = sql<{ createdAt: number }>({
    sqlite: `DELETE FROM ${table.sqlite} WHERE created_at = :createdAt`,
    postgres: `DELETE FROM ${table.postgres} WHERE created_at = :createdAt`,
  });
  const record = sql<{ hash: string; createdAt: number }>({
    sqlite: `INSERT INTO ${table.sqlite} (hash, created_at) VALUES (:hash, :createdAt)`,
    postgres: `INSERT INTO ${table.postgres} (hash, created_at) VALUES (:hash, :createdAt)`,
  });
  const ready = () => ctx.app.inject({ method: 'GET', url: '/api/ready' });

  it('503 while a migration of this code is pending; 200 once it is applied', async () => {
    const last = (await ctx.database.read.get(newest, {}))!;
    await ctx.database.write((tx) => tx.run(forget, { createdAt: last.createdAt }));
    const pending = await ready();
    expect(pending.statusCode).toBe(503);
    expect(pending.headers['retry-after']).toBeDefined();
    expect(pending.json()).toMatchObject({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', details: { reason: 'migrations_pending', pending: 1 } },
    });
    await ctx.database.write((tx) => tx.run(record, { hash: last.hash, createdAt: last.createdAt }));
    expect((await ready()).statusCode).toBe(200);
  });

  it('503 while the schema is ahead of this code (a later release migrated it)', async () => {
    const last = (await ctx.database.read.get(newest, {}))!;
    await ctx.database.write((tx) => tx.run(record, { hash: 'from-a-later-release', createdAt: last.createdAt + 1 }));
    const ahead = await ready();
    expect(ahead.statusCode).toBe(503);
    expect(ahead.json().error.details).toMatchObject({ reason: 'schema_ahead', ahead: 1 });
    const added = (await ctx.database.read.get(newest, {}))!;
    await ctx.database.write((tx) => tx.run(forget, { createdAt: added.createdAt }));
    expect((await ready()).statusCode).toBe(200);
  });
});

describe('readiness while draining', () => {
  it('503 with the reason while the process drains, whatever the database says', async () => {
    let draining = false;
    const journal = journalOf(migrationsFolderOf('sqlite'));
    const database = {
      engine: 'sqlite',
      ping: async () => undefined,
      read: { get: async () => ({ n: journal.length, newest: journal.at(-1)!.when, ahead: 0 }) },
    } as unknown as Database;
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(healthRoutes, { database, version: '1.2.3', draining: () => draining });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    draining = true;
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.details).toEqual({ reason: 'draining' });
    await app.close();
  });
});
