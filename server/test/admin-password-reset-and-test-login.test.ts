import { describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql.js';
import { registerPlayer, type TestContext } from './helpers.js';
import { creditGogo, makeEligibleToWithdraw } from './money-helpers.js';
import {
  adminFixtures,
  type AdminSession,
  adminTestApp,
  type AuditRow,
  createAdminSession,
  type Recorder,
} from './admin-helpers.js';

// What an admin does for a player who asks for help: a new password, or a look through their eyes.

let ctx: TestContext;
let admin: AdminSession;
let http: Recorder;
adminTestApp((env) => ({ ctx, admin, http } = env));

const { lockPlayer, auditRows } = adminFixtures(() => ctx);

const MIN = 60_000;

const allAudits = sql<Record<string, never>, AuditRow>(
  'SELECT admin_id, target_user_id, before, after, ip FROM admin_audit_log ORDER BY id',
);
const storedHash = sql<{ id: number }, { h: string }>('SELECT password_hash AS h FROM users WHERE id = :id');

describe('POST /api/admin/reset-user-password', () => {
  it('starts the withdrawal cooldown like any other password change (one setPassword for every path)', async () => {
    const p = await registerPlayer(ctx.app);
    await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
    await creditGogo(ctx, p.user.id, 500);
    const reset = await http.post('/api/admin/reset-user-password', admin.token, {
      userId: p.user.id,
      newPassword: 'fresh1',
    });
    expect(reset.statusCode).toBe(200);
    const login = await http.post('/api/auth/login', null, { email: p.user.email, password: 'fresh1' });
    const withdrawal = await http.post('/api/credits/withdrawal-request', login.json().data.token, {
      amount: 100,
      cryptoType: 'ETH',
      cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(withdrawal.statusCode).toBe(403);
    expect(withdrawal.json().error.code).toBe('WITHDRAW_COOLDOWN');
  });

  it('sets the password, shows it once, stores only an argon2id hash, and revokes the old tokens', async () => {
    const p = await registerPlayer(ctx.app);
    await lockPlayer(p.user.email);
    const res = await http.post('/api/admin/reset-user-password', admin.token, {
      userId: p.user.id,
      newPassword: 'fresh1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      userId: p.user.id,
      username: p.user.username,
      email: p.user.email,
      newPassword: 'fresh1',
      tokensRevoked: true,
    });
    const stored = (await ctx.database.read.get(storedHash, { id: p.user.id }))!;
    expect(stored.h).toMatch(/^\$argon2id\$/);
    expect(stored.h).not.toContain('fresh1');

    expect((await http.get('/api/auth/me', p.token)).statusCode).toBe(401);
    const oldPw = await http.post('/api/auth/login', null, { email: p.user.email, password: p.password });
    expect(oldPw.statusCode).toBe(401); // the reset also cleared the lock
    const newPw = await http.post('/api/auth/login', null, { email: p.user.email, password: 'fresh1' });
    expect(newPw.statusCode).toBe(200);

    const audit = (await auditRows('reset_user_password')).at(-1)!;
    expect(audit.target_user_id).toBe(p.user.id);
    const dump = JSON.stringify(await ctx.database.read.all(allAudits, {}));
    expect(dump).not.toContain('fresh1');
    expect(JSON.parse(audit.after!)).toMatchObject({ passwordChanged: true });
  });

  it('refuses fewer than 6 characters with its fixed text, and an unknown user with 404', async () => {
    const p = await registerPlayer(ctx.app);
    const short = await http.post('/api/admin/reset-user-password', admin.token, {
      userId: p.user.id,
      newPassword: 'abcde',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');
    expect((await http.get('/api/auth/me', p.token)).statusCode).toBe(200);
    const missing = await http.post('/api/admin/reset-user-password', admin.token, {
      userId: 999999,
      newPassword: 'abcdef',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/test-login', () => {
  it('issues a 15-minute player token for that player, audited, without touching their sessions', async () => {
    const p = await registerPlayer(ctx.app);
    const lastLoginBefore = (await http.get(`/api/admin/users/${p.user.id}`, admin.token)).json().data.user.lastLogin;
    ctx.clock.advance(MIN);
    const res = await http.post('/api/admin/test-login', admin.token, { userId: p.user.id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.user).toMatchObject({ id: p.user.id, username: p.user.username });
    expect(Date.parse(data.expiresAt) - ctx.clock.now).toBe(15 * MIN);

    const me = await http.get('/api/auth/me', data.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.id).toBe(p.user.id);
    expect((await http.get('/api/admin/me', data.token)).statusCode).toBe(403); // still only a player token
    expect((await http.get('/api/auth/me', p.token)).statusCode).toBe(200); // the player's own session lives
    // A support session is read-only: it can neither roll nor move money for the player.
    for (const [url, body] of [
      ['/api/game/roll', {}],
      [
        '/api/credits/withdrawal-request',
        { amount: 100, cryptoType: 'SOL', cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', note: '' },
      ],
    ] as const) {
      const write = await http.post(url, data.token, body);
      expect(write.statusCode, url).toBe(403);
      expect(write.json().error.message).toContain('read-only support session');
    }
    const view = (await http.get(`/api/admin/users/${p.user.id}`, admin.token)).json().data.user;
    expect(view.lastLogin).toBe(lastLoginBefore);

    const audit = (await auditRows('test_login')).at(-1)!;
    expect(audit).toMatchObject({ admin_id: admin.id, target_user_id: p.user.id });

    ctx.clock.advance(15 * MIN + 1000);
    const expired = await http.get('/api/auth/me', data.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('TOKEN_EXPIRED');
    admin = await createAdminSession(ctx);
  });

  it('404s an unknown player', async () => {
    const res = await http.post('/api/admin/test-login', admin.token, { userId: 999999 });
    expect(res.statusCode).toBe(404);
  });
});
