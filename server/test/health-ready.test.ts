import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { DatabaseUnavailableError } from '../src/db/errors.js';
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
    const database = {
      engine: 'postgres',
      ping: async () => {
        if (!up) throw new DatabaseUnavailableError('connect ECONNREFUSED');
      },
    } as unknown as Database;
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(healthRoutes, { database, version: '1.2.3' });
    const down = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).not.toContain('ECONNREFUSED'); // internals stay in the server
    up = true;
    const back = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.engine).toBe('postgres');
    await app.close();
  });
});
