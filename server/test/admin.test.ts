import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminText, errorTextByCode, validationText } from '@gogo/shared/messages';
import { sql } from '../src/db/sql.js';
import { defaultAuthRateLimit } from '../src/config.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { createAdminSession, createRecorder } from './admin-helpers.js';
import { cachedOf, creditGogo, markEmailVerified, postFor, sumsOf } from './money-helpers.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let http: ReturnType<typeof createRecorder>;

beforeAll(async () => {
  ctx = await createTestApp();
  http = createRecorder(ctx);
  admin = await createAdminSession(ctx);
});
afterAll(async () => {
  await http.expectNoPasswordHashes();
  await ctx.close();
});

const MIN = 60_000;
const DAY = 86_400_000;

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

async function lockPlayer(email: string) {
  for (let i = 0; i < 5; i += 1) {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-pass1' } });
  }
}

type AuditRow = {
  admin_id: number;
  target_user_id: number | null;
  before: string | null;
  after: string | null;
  ip: string | null;
};
const auditsOf = sql<{ action: string }, AuditRow>(
  'SELECT admin_id, target_user_id, before, after, ip FROM admin_audit_log WHERE action = :action ORDER BY id',
);
const allAudits = sql<Record<string, never>, AuditRow>(
  'SELECT admin_id, target_user_id, before, after, ip FROM admin_audit_log ORDER BY id',
);
const driftCache = sql<{ userId: number }>(
  'UPDATE game_states SET balance = 9000, dice_rolls_remaining = 3 WHERE user_id = :userId',
);
const storedHash = sql<{ id: number }, { h: string }>('SELECT password_hash AS h FROM users WHERE id = :id');

function auditRows(action: string) {
  return ctx.database.read.all(auditsOf, { action });
}

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

describe('users', () => {
  it('GET /all-users: newest first, page 1 of 50 by default, with the admin view and summary', async () => {
    const a = await registerPlayer(ctx.app);
    ctx.clock.advance(1000);
    const b = await registerPlayer(ctx.app);
    const res = await http.get('/api/admin/all-users', admin.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.pagination).toMatchObject({ page: 1, limit: 50 });
    expect(data.users[0].id).toBe(b.user.id);
    expect(data.users[1].id).toBe(a.user.id);
    expect(Object.keys(data.users[0]).sort()).toEqual(
      [
        '_id',
        'id',
        'username',
        'email',
        'isEmailVerified',
        'emailVerifiedAt',
        'lastLogin',
        'lastSeen',
        'createdAt',
        'primaryBalance',
        'userCreditBalance',
        'gameStateBalance',
        'ledgerBalance',
        'diceRollsRemaining',
        'ledgerDiceRolls',
        'balanceSynced',
        'totalRolls',
        'isLocked',
        'lockUntil',
        'loginAttempts',
      ].sort(),
    );
    expect(data.users[0]).toMatchObject({ _id: String(b.user.id), username: b.user.username, balanceSynced: true });
    expect(data.summary).toMatchObject({ totalUsers: data.pagination.total });
  });

  it('searches by part of a username or email, case-insensitively, with wildcards taken literally', async () => {
    const p = await registerPlayer(ctx.app, {
      username: 'Needle_Findme',
      email: 'needle.find@example.com',
      password: 'secret123',
    });
    const byName = (await http.get('/api/admin/all-users?search=FINDME', admin.token)).json().data;
    expect(byName.users.map((u: { id: number }) => u.id)).toEqual([p.user.id]);
    expect(byName.summary.totalUsers).toBe(1);
    const byEmail = (await http.get('/api/admin/all-users?search=needle.find@', admin.token)).json().data;
    expect(byEmail.users.map((u: { id: number }) => u.id)).toEqual([p.user.id]);
    const wildcard = (await http.get('/api/admin/all-users?search=%25', admin.token)).json().data;
    expect(wildcard.users).toEqual([]);
    const underscore = (await http.get('/api/admin/all-users?search=e_f', admin.token)).json().data;
    expect(underscore.users.map((u: { id: number }) => u.id)).toEqual([p.user.id]);
  });

  it('sorts by username ascending and pages with the chosen limit', async () => {
    for (let i = 0; i < 26; i += 1) await registerPlayer(ctx.app);
    const page1 = (await http.get('/api/admin/all-users?sortBy=username&sortOrder=asc&limit=25', admin.token)).json()
      .data;
    const page2 = (
      await http.get('/api/admin/all-users?sortBy=username&sortOrder=asc&limit=25&page=2', admin.token)
    ).json().data;
    expect(page1.users).toHaveLength(25);
    expect(page1.pagination.pages).toBeGreaterThanOrEqual(2);
    const names = [...page1.users, ...page2.users].map((u: { username: string }) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('sorts by balance', async () => {
    const rich = await registerPlayer(ctx.app);
    await creditGogo(ctx, rich.user.id, 99_999);
    const data = (await http.get('/api/admin/all-users?sortBy=balance', admin.token)).json().data;
    expect(data.users[0]).toMatchObject({ id: rich.user.id, gameStateBalance: 99_999, ledgerBalance: 99_999 });
  });

  it.each(['limit=30', 'limit=0', 'page=0', 'sortBy=passwordHash', 'sortOrder=up'])('refuses %s (400)', async (q) => {
    const res = await http.get(`/api/admin/all-users?${q}`, admin.token);
    expect(res.statusCode).toBe(400);
  });

  it("GET /users/:id: a player's view and progress; 404 for an unknown id", async () => {
    const p = await registerPlayer(ctx.app);
    const before = (await http.get(`/api/admin/users/${p.user.id}`, admin.token)).json().data;
    expect(before.gameState).toBeNull();
    await creditGogo(ctx, p.user.id, 0);
    const after = (await http.get(`/api/admin/users/${p.user.id}`, admin.token)).json().data;
    expect(after.user).toMatchObject({ id: p.user.id, diceRollsRemaining: 10, ledgerDiceRolls: 10 });
    expect(after.gameState).toMatchObject({ level: 1, totalRolls: 0 });
    const missing = await http.get('/api/admin/users/999999', admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(adminText.userNotFound);
  });
});

describe('locked users and unlock', () => {
  it('lists locked players and unlocks one by email; the player can log in again', async () => {
    const p = await registerPlayer(ctx.app);
    await lockPlayer(p.user.email);
    const list = (await http.get('/api/admin/locked-users', admin.token)).json().data.lockedUsers;
    const row = list.find((u: { id: number }) => u.id === p.user.id);
    expect(row).toEqual({
      _id: String(p.user.id),
      id: p.user.id,
      username: p.user.username,
      email: p.user.email,
      lockUntil: new Date(ctx.clock.now + 15 * MIN).toISOString(),
      loginAttempts: 5,
    });
    const blocked = await http.post('/api/auth/login', null, { email: p.user.email, password: p.password });
    expect(blocked.statusCode).toBe(423);

    const res = await http.post('/api/admin/unlock-user', admin.token, { email: `  ${p.user.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      userId: p.user.id,
      username: p.user.username,
      email: p.user.email,
      wasLocked: true,
    });
    const after = (await http.get('/api/admin/locked-users', admin.token)).json().data.lockedUsers;
    expect(after.some((u: { id: number }) => u.id === p.user.id)).toBe(false);
    const login = await http.post('/api/auth/login', null, { email: p.user.email, password: p.password });
    expect(login.statusCode).toBe(200);

    const audit = (await auditRows('unlock_user')).at(-1)!;
    expect(audit).toMatchObject({ admin_id: admin.id, target_user_id: p.user.id });
    expect(JSON.parse(audit.before!)).toMatchObject({ failedLoginAttempts: 5 });
    expect(JSON.parse(audit.after!)).toEqual({ lockUntil: null, failedLoginAttempts: 0 });
  });

  it('a lock that expired is no longer listed', async () => {
    const p = await registerPlayer(ctx.app);
    await lockPlayer(p.user.email);
    ctx.clock.advance(15 * MIN + 1);
    const list = (await http.get('/api/admin/locked-users', admin.token)).json().data.lockedUsers;
    expect(list.some((u: { id: number }) => u.id === p.user.id)).toBe(false);
  });

  it("answers the spec's text for an unknown email (404) and needs an email (400)", async () => {
    const res = await http.post('/api/admin/unlock-user', admin.token, { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('User not found. Please enter a valid email.');
    const empty = await http.post('/api/admin/unlock-user', admin.token, { email: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(validationText.emailRequired);
  });
});

describe('GET /api/admin/users/:id: the email state', () => {
  it('says whether the current address is verified, and since when', async () => {
    const p = await registerPlayer(ctx.app);
    const before = (await http.get(`/api/admin/users/${p.user.id}`, admin.token)).json().data.user;
    expect(before).toMatchObject({ isEmailVerified: false, emailVerifiedAt: null });
    await markEmailVerified(ctx.database, p.user.id, ctx.clock());
    const after = (await http.get(`/api/admin/users/${p.user.id}`, admin.token)).json().data.user;
    expect(after).toMatchObject({ isEmailVerified: true, emailVerifiedAt: new Date(ctx.clock()).toISOString() });
  });
});

describe('POST /api/admin/sync-user-balance/:userId', () => {
  it('sets a drifted cache back to the ledger sum, reports old and new, and audits it', async () => {
    const p = await registerPlayer(ctx.app);
    await creditGogo(ctx, p.user.id, 250);
    // A bug or a hand edit made the caches drift.
    await ctx.database.write((tx) => tx.run(driftCache, { userId: p.user.id }));
    const view = (await http.get(`/api/admin/users/${p.user.id}`, admin.token)).json().data.user;
    expect(view).toMatchObject({ gameStateBalance: 9000, ledgerBalance: 250, balanceSynced: false });

    const res = await http.post(`/api/admin/sync-user-balance/${p.user.id}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      userId: p.user.id,
      username: p.user.username,
      oldGameStateBalance: 9000,
      newGameStateBalance: 250,
      oldDiceRolls: 3,
      newDiceRolls: 10,
      changed: true,
    });
    const row = await cachedOf(ctx, p.user.id);
    const sums = await sumsOf(ctx, p.user.id);
    expect(row).toEqual({ balance: sums.GOGO, dice: sums.DICE });
    const audit = (await auditRows('sync_user_balance')).at(-1)!;
    expect(audit.target_user_id).toBe(p.user.id);
    expect(JSON.parse(audit.before!)).toEqual({ balance: 9000, diceRollsRemaining: 3 });
    expect(JSON.parse(audit.after!)).toEqual({ balance: 250, diceRollsRemaining: 10, changed: true });

    const again = (await http.post(`/api/admin/sync-user-balance/${p.user.id}`, admin.token)).json().data;
    expect(again).toMatchObject({ oldGameStateBalance: 250, newGameStateBalance: 250, changed: false });
  });

  it('handles a player who never played (0 and 0) and 404s an unknown id', async () => {
    const p = await registerPlayer(ctx.app);
    const res = (await http.post(`/api/admin/sync-user-balance/${p.user.id}`, admin.token)).json().data;
    expect(res).toMatchObject({ oldGameStateBalance: 0, newGameStateBalance: 0, changed: false });
    const missing = await http.post('/api/admin/sync-user-balance/999999', admin.token);
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/reset-user-password', () => {
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

  it("refuses fewer than 6 characters with the spec's text, and an unknown user with 404", async () => {
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

describe('activity and winners', () => {
  it("GET /active-users: last login within 7 days ('active' of spec section 9)", async () => {
    const stale = await registerPlayer(ctx.app);
    ctx.clock.advance(7 * DAY + MIN);
    const fresh = await registerPlayer(ctx.app);
    admin = await createAdminSession(ctx); // the clock jumped past the admin token's 8 hours
    const data = (await http.get('/api/admin/active-users', admin.token)).json().data;
    const ids = data.activeUsers.map((u: { id: number }) => u.id);
    expect(ids).toContain(fresh.user.id);
    expect(ids).not.toContain(stale.user.id);
    expect(data.windowDays).toBe(7);
    expect(data.pagination.total).toBe(ids.length);
  });

  it('GET /top-winners: ranked by net GOGO won on the board, optionally in the last N days', async () => {
    const [w1, w2, loser] = [
      await registerPlayer(ctx.app),
      await registerPlayer(ctx.app),
      await registerPlayer(ctx.app),
    ];
    const post = (id: number, amount: number, type: 'reward' | 'jackpot' | 'penalty' | 'deposit') =>
      postFor(ctx, id, [{ asset: 'GOGO', amount, type, reason: 'test' }]);
    await post(w1.user.id, 500, 'jackpot');
    await post(w1.user.id, 250, 'jackpot');
    await post(w1.user.id, -350, 'penalty');
    await post(w2.user.id, 300, 'reward');
    await post(loser.user.id, 1_000_000, 'deposit'); // money, not winnings
    ctx.clock.advance(2 * DAY);
    await post(w2.user.id, 350, 'reward');
    admin = await createAdminSession(ctx);

    const all = (await http.get('/api/admin/top-winners?limit=100', admin.token)).json().data;
    const rank = (id: number) => all.topWinners.find((w: { id: number }) => w.id === id);
    expect(rank(w1.user.id)).toMatchObject({ netWinnings: 400, totalWon: 750, jackpotWinnings: 750 });
    // Issue 14: the Jackpots column counts hits; it used to show the GOGO amount.
    expect(rank(w1.user.id).jackpotsHit).toBe(2);
    expect(rank(w2.user.id)).toMatchObject({ netWinnings: 650, totalWon: 650, jackpotWinnings: 0, jackpotsHit: 0 });
    expect(rank(loser.user.id)).toBeUndefined();
    expect(rank(w2.user.id).rank).toBeLessThan(rank(w1.user.id).rank);
    const nets = all.topWinners.map((w: { netWinnings: number }) => w.netWinnings);
    expect(nets).toEqual([...nets].sort((a: number, b: number) => b - a));

    const recent = (await http.get('/api/admin/top-winners?days=1', admin.token)).json().data;
    expect(recent.days).toBe(1);
    expect(recent.topWinners.find((w: { id: number }) => w.id === w2.user.id)).toMatchObject({ netWinnings: 350 });
    expect(recent.topWinners.find((w: { id: number }) => w.id === w1.user.id)).toBeUndefined();
  });

  it('GET /transactions: ledger entries, newest first, filtered by player and asset', async () => {
    const p = await registerPlayer(ctx.app);
    await postFor(ctx, p.user.id, [{ asset: 'GOGO', amount: 40, type: 'reward', reason: 'tile:1' }]);
    const data = (await http.get(`/api/admin/transactions?userId=${p.user.id}`, admin.token)).json().data;
    expect(data.transactions.map((t: { asset: string; amount: number }) => [t.asset, t.amount])).toEqual([
      ['GOGO', 40],
      ['DICE', 10],
    ]);
    expect(data.transactions[0]).toMatchObject({ username: p.user.username, reason: 'tile:1', balanceAfter: 40 });
    const dice = (await http.get(`/api/admin/transactions?userId=${p.user.id}&asset=DICE`, admin.token)).json().data;
    expect(dice.transactions).toHaveLength(1);
    expect(dice.pagination.total).toBe(1);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('filters the audit log by admin, action, target and time', async () => {
    const other = await createAdminSession(ctx);
    const p = await registerPlayer(ctx.app);
    ctx.clock.advance(1000);
    const start = ctx.clock.now;
    await http.post(`/api/admin/sync-user-balance/${p.user.id}`, other.token);
    ctx.clock.advance(DAY);
    const other2 = (
      await http.post('/api/admin/login', null, { username: other.username, password: other.password })
    ).json().data.token as string;
    await http.post('/api/admin/test-login', other2, { userId: p.user.id });
    admin = await createAdminSession(ctx);

    const byAdmin = (await http.get(`/api/admin/audit-log?adminId=${other.id}`, other2)).json().data;
    expect(byAdmin.entries.map((e: { action: string }) => e.action)).toEqual([
      'test_login',
      'login',
      'sync_user_balance',
      'login',
    ]);
    expect(byAdmin.entries[0]).toMatchObject({
      admin: { id: other.id, username: other.username },
      targetUserId: p.user.id,
      targetUsername: p.user.username,
    });
    const byAction = (
      await http.get(`/api/admin/audit-log?action=sync_user_balance&targetUserId=${p.user.id}`, admin.token)
    ).json().data;
    expect(byAction.entries).toHaveLength(1);
    expect(byAction.entries[0].before).toEqual({ balance: 0, diceRollsRemaining: 0 });

    const from = new Date(start).toISOString();
    const to = new Date(start + MIN).toISOString();
    const window = (
      await http.get(`/api/admin/audit-log?adminId=${other.id}&from=${from}&to=${to}`, admin.token)
    ).json().data;
    expect(window.entries.map((e: { action: string }) => e.action)).toEqual(['sync_user_balance']);
    const day = new Date(start + DAY).toISOString().slice(0, 10);
    const byDay = (await http.get(`/api/admin/audit-log?adminId=${other.id}&from=${day}&to=${day}`, admin.token)).json()
      .data;
    expect(byDay.entries.map((e: { action: string }) => e.action)).toEqual(['test_login', 'login']);
  });

  it('refuses a bad or reversed date range (400)', async () => {
    for (const q of ['from=2026-02-30', 'from=yesterday', 'from=2026-03-02&to=2026-03-01']) {
      const res = await http.get(`/api/admin/audit-log?${q}`, admin.token);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every admin route of spec section 7 (and the added ones) with a tag, a summary and the admin token', async () => {
    const doc = (await http.get('/api/docs', null)).json();
    const routes: Array<[string, 'get' | 'post']> = [
      ['/api/admin/login', 'post'],
      ['/api/admin/me', 'get'],
      ['/api/admin/logout', 'post'],
      ['/api/admin/summary', 'get'],
      ['/api/admin/transactions', 'get'],
      ['/api/admin/active-users', 'get'],
      ['/api/admin/top-winners', 'get'],
      ['/api/admin/locked-users', 'get'],
      ['/api/admin/pending-deposits', 'get'],
      ['/api/admin/pending-withdrawals', 'get'],
      ['/api/admin/all-transactions', 'get'],
      ['/api/admin/all-users', 'get'],
      ['/api/admin/users/{userId}', 'get'],
      ['/api/admin/unlock-user', 'post'],
      ['/api/admin/sync-user-balance/{userId}', 'post'],
      ['/api/admin/cleanup-corrupted-deposits', 'post'],
      ['/api/admin/approve-deposit', 'post'],
      ['/api/admin/reject-deposit', 'post'],
      ['/api/admin/approve-withdrawal', 'post'],
      ['/api/admin/reject-withdrawal', 'post'],
      ['/api/admin/withdrawal-risk', 'get'],
      ['/api/admin/reset-user-password', 'post'],
      ['/api/admin/test-login', 'post'],
      ['/api/admin/audit-log', 'get'],
      ['/api/admin/analytics', 'get'],
      ['/api/admin/login/second-factor', 'post'],
      ['/api/admin/security', 'get'],
      ['/api/admin/security/totp/setup', 'post'],
      ['/api/admin/security/totp/confirm', 'post'],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual(['admin']);
      expect(op.summary).toBeTruthy();
      if (!path.startsWith('/api/admin/login')) expect(op.security).toEqual([{ adminToken: [] }]);
    }
    const documented = Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/'));
    expect(documented.sort()).toEqual(routes.map(([p]) => p).sort());
  });
});
