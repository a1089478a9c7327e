import type { FastifyInstance } from 'fastify';
import { createAdmin } from '../src/modules/auth/admins.js';
import type { TestContext } from './helpers.js';
import { bearer } from './helpers.js';

let adminCounter = 0;

/** An admin account and a signed admin token for it. */
export async function createTestAdmin(ctx: TestContext) {
  adminCounter += 1;
  const admin = await createAdmin(
    ctx.database,
    { username: `ops${adminCounter}${Math.random().toString(36).slice(2, 6)}`, password: 'a-long-admin-pass' },
    ctx.clock(),
  );
  return { ...admin, token: ctx.app.signToken('admin', admin.id, 0) };
}

export function api(app: FastifyInstance, token?: string) {
  const headers = token ? bearer(token) : {};
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: unknown = {}) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers }),
  };
}
