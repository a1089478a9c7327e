import { describe, expect, it } from 'vitest';
import { adminText, validationText } from '@gogo/shared/messages';
import { sql } from '../src/db/sql.js';
import { registerPlayer, type TestContext } from './helpers.js';
import { adminFixtures, type AdminSession, adminTestApp, type Recorder } from './admin-helpers.js';
import { cachedOf, creditGogo, markEmailVerified, sumsOf } from './money-helpers.js';

// The back office's player list and detail, locked accounts and their unlock, and the balance sync.

let ctx: TestContext;
let admin: AdminSession;
let http: Recorder;
adminTestApp((env) => ({ ctx, admin, http } = env));

const { lockPlayer, auditRows } = adminFixtures(() => ctx);

const MIN = 60_000;

const driftCache = sql<{ userId: number }>(
  'UPDATE game_states SET balance = 9000, dice_rolls_remaining = 3 WHERE user_id = :userId',
);

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

  it('answers the fixed text for an unknown email (404) and needs an email (400)', async () => {
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
