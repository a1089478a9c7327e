import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sql } from '../src/db/sql.js';
import { bearer, type TestContext } from './helpers.js';
import { insertTestAdmin } from './money-helpers.js';

let adminCounter = 0;

const allHashes = sql<Record<string, never>, { h: string }>(
  'SELECT password_hash AS h FROM users UNION ALL SELECT password_hash FROM admins',
);

/** Creates an admin account directly (as `npm run admin:create` does) and signs it in through the API. */
export async function createAdminSession(ctx: TestContext, password = 'admin-password-1') {
  adminCounter += 1;
  const username = `ops${adminCounter}${Math.random().toString(36).slice(2, 6)}`;
  const created = await insertTestAdmin(ctx, username, password);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  const token = res.json().data.token as string;
  return { id: created.id, username, password, token };
}

/**
 * Every answer an admin test receives goes through here, so that one check at the end can prove that
 * no answer ever carried a password hash (docs/decisions.md, 'Accounts, admin tokens and the audit trail').
 */
export function createRecorder(ctx: TestContext) {
  const bodies: string[] = [];
  const record = (res: LightMyRequestResponse) => {
    bodies.push(res.body);
    return res;
  };
  return {
    bodies,
    async get(url: string, token: string | null) {
      return record(await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} }));
    },
    async post(url: string, token: string | null, payload: object = {}) {
      return record(await ctx.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} }));
    },
    /** No recorded body mentions a hash field or contains any hash stored in the database. */
    async expectNoPasswordHashes() {
      const hashes = (await ctx.database.read.all(allHashes, {})).map((r) => r.h);
      expect(hashes.length).toBeGreaterThan(0);
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) {
        expect(body).not.toMatch(/passwordHash|password_hash|\$argon2/i);
        for (const h of hashes) expect(body.includes(h)).toBe(false);
      }
    },
  };
}
