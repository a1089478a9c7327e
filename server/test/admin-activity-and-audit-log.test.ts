import { describe, expect, it } from 'vitest';
import { registerPlayer, type TestContext } from './helpers.js';
import { type AdminSession, adminTestApp, createAdminSession, type Recorder } from './admin-helpers.js';
import { postFor } from './money-helpers.js';

// What the back office reports: active players, top winners, ledger entries and the audit log.

let ctx: TestContext;
let admin: AdminSession;
let http: Recorder;
adminTestApp((env) => ({ ctx, admin, http } = env));

const MIN = 60_000;
const DAY = 86_400_000;

describe('activity and winners', () => {
  it('GET /active-users: last login within 7 days counts as active', async () => {
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
    // The Jackpots column counts hits; it used to show the GOGO amount.
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
