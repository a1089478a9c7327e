import { describe, expect, it } from 'vitest';
import { adminText, errorTextByCode } from '@gogo/shared/messages';
import { defaultAuthRateLimit } from '../src/settings/index.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { adminFixtures, type AdminSession, adminTestApp, createAdminSession, type Recorder } from './admin-helpers.js';

// Who may call the admin routes, and the admin's sign-in: lockout, expiry, logout, rate limit.

let ctx: TestContext;
let admin: AdminSession;
let http: Recorder;
adminTestApp((env) => ({ ctx, admin, http } = env));

const { auditRows } = adminFixtures(() => ctx);

const MIN = 60_000;

/** Every admin route that needs an admin token, with a body that would otherwise be valid. */
const guardedRoutes: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/admin/me' },
  { method: 'POST', url: '/api/admin/logout' },
  { method: 'GET', url: '/api/admin/all-users' },
  { method: 'GET', url: '/api/admin/users/1' },
  { method: 'GET', url: '/api/admin/locked-users' },
  { method: 'GET', url: '/api/admin/active-users' },
  { method: 'GET', url: '/api/admin/top-winners' },
  { method: 'GET', url: '/api/admin/transactions' },
  { method: 'POST', url: '/api/admin/unlock-user', payload: { email: 'a@example.com' } },
  { method: 'POST', url: '/api/admin/sync-user-balance/1' },
  { method: 'POST', url: '/api/admin/reset-user-password', payload: { userId: 1, newPassword: 'abcdef' } },
  { method: 'POST', url: '/api/admin/test-login', payload: { userId: 1 } },
  { method: 'GET', url: '/api/admin/audit-log' },
];

describe('role separation', () => {
  it.each(guardedRoutes)('$method $url: 401 without a token, 403 with a player token', async (route) => {
    const player = await registerPlayer(ctx.app);
    const none = await ctx.app.inject({ method: route.method, url: route.url, payload: route.payload });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('UNAUTHORIZED');
    const asPlayer = await ctx.app.inject({
      method: route.method,
      url: route.url,
      payload: route.payload,
      headers: bearer(player.token),
    });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().error.code).toBe('FORBIDDEN');
  });

  it('a real admin token is refused (403) on player routes', async () => {
    const res = await http.get('/api/auth/me', admin.token);
    expect(res.statusCode).toBe(403);
    const logout = await http.post('/api/auth/logout', admin.token);
    expect(logout.statusCode).toBe(403);
  });

  it('a forged or garbage token is 401', async () => {
    const res = await http.get('/api/admin/me', 'not.a.jwt');
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/admin/login', () => {
  it('answers a token and the admin, never a hash', async () => {
    const res = await http.post('/api/admin/login', null, { username: admin.username, password: admin.password });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(typeof data.token).toBe('string');
    expect(data.admin).toEqual({ id: admin.id, username: admin.username, lastLogin: expect.any(String) });
    expect(Date.parse(data.expiresAt) - ctx.clock.now).toBe(8 * 3600 * 1000);
    const me = await http.get('/api/admin/me', data.token);
    expect(me.json().data.admin.username).toBe(admin.username);
  });

  it('accepts the username in any case', async () => {
    const res = await http.post('/api/admin/login', null, {
      username: admin.username.toUpperCase(),
      password: admin.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown username alike (401)', async () => {
    const wrong = await http.post('/api/admin/login', null, { username: admin.username, password: 'nope-nope-1' });
    const unknown = await http.post('/api/admin/login', null, { username: 'nobody-here', password: 'nope-nope-1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: adminText.invalidCredentials });
    }
    // Reset the failure count for the other tests.
    await http.post('/api/admin/login', null, { username: admin.username, password: admin.password });
  });

  it('locks the address after 5 failures for 15 minutes (423), even for the right password, and audits it', async () => {
    const other = await createAdminSession(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await http.post('/api/admin/login', null, { username: other.username, password: 'wrong-wrong' });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 423]);
    const right = await http.post('/api/admin/login', null, { username: other.username, password: other.password });
    expect(right.statusCode).toBe(423);
    expect(right.json().error).toEqual({ code: 'ACCOUNT_LOCKED', message: errorTextByCode.ACCOUNT_LOCKED });
    const failures = (await auditRows('login_failed')).filter((r) => r.admin_id === other.id);
    expect(failures).toHaveLength(5);
    expect(JSON.parse(failures[4]!.after!)).toMatchObject({
      step: 'password',
      accountFailures: 5,
      addressLockedUntil: expect.any(String),
    });
    // Another address is not locked out: the owner still signs in from there.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: '10.9.9.9',
      payload: { username: other.username, password: other.password },
    });
    expect(elsewhere.statusCode).toBe(200);

    ctx.clock.advance(15 * MIN + 1);
    const later = await http.post('/api/admin/login', null, { username: other.username, password: other.password });
    expect(later.statusCode).toBe(200);
  });

  it('writes a login audit row', async () => {
    const before = (await auditRows('login')).length;
    await http.post('/api/admin/login', null, { username: admin.username, password: admin.password });
    const rows = await auditRows('login');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ admin_id: admin.id, ip: '127.0.0.1' });
  });

  it('an admin token expires after 8 hours (401 TOKEN_EXPIRED)', async () => {
    const fresh = await createAdminSession(ctx);
    ctx.clock.advance(8 * 3600 * 1000 + 1000);
    const res = await http.get('/api/admin/me', fresh.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_EXPIRED');
    admin = await createAdminSession(ctx); // the shared session expired too
  });

  it('logout revokes every token of that admin', async () => {
    const a = await createAdminSession(ctx);
    const second = await http.post('/api/admin/login', null, { username: a.username, password: a.password });
    const token2 = second.json().data.token as string;
    const out = await http.post('/api/admin/logout', a.token);
    expect(out.statusCode).toBe(200);
    expect((await http.get('/api/admin/me', a.token)).statusCode).toBe(401);
    expect((await http.get('/api/admin/me', token2)).statusCode).toBe(401);
    expect((await auditRows('logout')).some((r) => r.admin_id === a.id)).toBe(true);
  });

  it('is rate limited per IP like the players (429)', async () => {
    const limited = await createTestApp({
      authRateLimit: { ...defaultAuthRateLimit, perIpMax: 3, perAccountMax: 1000, windowMs: 15 * MIN },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'someone', password: 'whatever-1' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
