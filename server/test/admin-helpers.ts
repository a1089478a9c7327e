import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from '../src/db/sql.js';
import { bearer, createTestApp, type TestContext } from './helpers.js';
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
 * no answer ever carried a password hash (docs/adr, 'Accounts, admin tokens and the audit trail').
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

/** A row of the admin audit log, as the admin tests read it. */
export type AuditRow = {
  admin_id: number;
  target_user_id: number | null;
  before: string | null;
  after: string | null;
  ip: string | null;
};
const auditsOf = sql<{ action: string }, AuditRow>(
  'SELECT admin_id, target_user_id, before, after, ip FROM admin_audit_log WHERE action = :action ORDER BY id',
);

/**
 * What the admin test files (admin-*.test.ts) share about the app their file builds. The app only
 * exists once the file's beforeAll has run, hence a getter rather than a value.
 */
export function adminFixtures(ctxOf: () => TestContext) {
  return {
    /** Five wrong passwords in a row: the player's account is locked. */
    async lockPlayer(email: string) {
      for (let i = 0; i < 5; i += 1) {
        await ctxOf().app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'wrong-pass1' },
        });
      }
    },
    /** The audit rows of one action, oldest first. */
    auditRows: (action: string) => ctxOf().database.read.all(auditsOf, { action }),
  };
}

export type AdminSession = Awaited<ReturnType<typeof createAdminSession>>;
export type Recorder = ReturnType<typeof createRecorder>;
interface AdminTestEnv {
  ctx: TestContext;
  http: Recorder;
  admin: AdminSession;
}

/**
 * The set-up of an admin test file: a fresh app, the answer recorder and a signed-in admin, handed to
 * the file's own variables before its tests. When the file ends, no recorded answer held a password hash.
 */
export function adminTestApp(assign: (env: AdminTestEnv) => void): void {
  let env: AdminTestEnv | undefined;
  beforeAll(async () => {
    const ctx = await createTestApp();
    const http = createRecorder(ctx);
    env = { ctx, http, admin: await createAdminSession(ctx) };
    assign(env);
  });
  afterAll(async () => {
    if (!env) return;
    await env.http.expectNoPasswordHashes();
    await env.ctx.close();
  });
}
