import { describe, expect, it } from 'vitest';
import { moneyText } from '@gogo/shared/messages';
import { bearer, registerPlayer, type TestContext } from './helpers.js';
import { type AdminSession, adminTestApp, type Recorder } from './admin-helpers.js';
import { moneyFixtures, moneyRequests } from './money-fixtures.js';

// The admin's review of deposits, purchases and withdrawals through the routes, each decided once and
// audited; then the merged transaction list paged over everything those reviews left behind.

let ctx: TestContext;
let admin: AdminSession;
let http: Recorder;
adminTestApp((env) => ({ ctx, admin, http } = env));

const { player, cached, expectNoDrift, audits } = moneyFixtures(() => ctx);
const { requestDeposit, requestPurchase, requestWithdrawal } = moneyRequests(() => http);

const guarded: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/admin/summary' },
  { method: 'GET', url: '/api/admin/analytics' },
  { method: 'GET', url: '/api/admin/pending-deposits' },
  { method: 'GET', url: '/api/admin/pending-withdrawals' },
  { method: 'GET', url: '/api/admin/all-transactions' },
  { method: 'POST', url: '/api/admin/approve-deposit', payload: { transactionId: 1, diceRollsCount: 10 } },
  { method: 'POST', url: '/api/admin/reject-deposit', payload: { transactionId: 1, reason: 'x' } },
  { method: 'POST', url: '/api/admin/approve-withdrawal', payload: { transactionId: 1 } },
  { method: 'POST', url: '/api/admin/reject-withdrawal', payload: { transactionId: 1, reason: 'x' } },
  { method: 'POST', url: '/api/admin/cleanup-corrupted-deposits' },
];

describe('role separation of the money routes', () => {
  it.each(guarded)('$method $url: 401 without a token, 403 with a player token', async (route) => {
    const p = await registerPlayer(ctx.app);
    const none = await ctx.app.inject({ method: route.method, url: route.url, payload: route.payload });
    expect(none.statusCode).toBe(401);
    const asPlayer = await ctx.app.inject({ ...route, headers: bearer(p.token) });
    expect(asPlayer.statusCode).toBe(403);
  });
});

describe('deposits', () => {
  it('queues pending deposits and purchases oldest first, with the suggested rolls (USD x 10)', async () => {
    const p = await player();
    const dep = await requestDeposit(p.token, { amount: 0.01 }); // 0.01 ETH at $3000 = $30
    ctx.clock.advance(1000);
    const buy = await requestPurchase(p.token, 50);
    const data = (await http.get('/api/admin/pending-deposits', admin.token)).json().data;
    const ids = data.pendingDeposits.map((d: { _id: string }) => Number(d._id));
    expect(ids.indexOf(dep)).toBeLessThan(ids.indexOf(buy));
    const d = data.pendingDeposits.find((x: { _id: string }) => x._id === String(dep));
    expect(d).toMatchObject({
      type: 'deposit',
      status: 'pending',
      amount: 0.01,
      currency: 'ETH',
      usdValue: 30,
      suggestedDiceRolls: 300,
      userMissing: false,
      userId: { id: p.user.id, username: p.user.username, email: p.user.email },
      player: { balance: 0, diceRollsRemaining: 10, ledgerBalance: 0, pendingWithdrawals: 0 },
      reviewedBy: null,
    });
    const b = data.pendingDeposits.find((x: { _id: string }) => x._id === String(buy));
    expect(b).toMatchObject({ type: 'purchase', amount: 5, currency: 'USD', suggestedDiceRolls: 50 });
    expect(data.total).toBeGreaterThanOrEqual(2);
  });

  it('approve credits dice rolls and GOGO once, audits it, and answers 409 to any second review', async () => {
    const p = await player();
    const id = await requestDeposit(p.token);
    const res = await http.post('/api/admin/approve-deposit', admin.token, {
      transactionId: id,
      diceRollsCount: 300,
      gogoAmount: 25,
      adminNote: 'tx seen on chain',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.transaction).toMatchObject({
      status: 'approved',
      diceRollsCredited: 300,
      gogoCredited: 25,
      reviewedBy: { id: admin.id, username: admin.username },
      metadata: { adminNote: 'tx seen on chain' },
    });
    expect(data.player).toMatchObject({ balance: 25, diceRollsRemaining: 310 });
    expect(await cached(p.user.id)).toEqual({ balance: 25, dice: 310 });
    await expectNoDrift(p.user.id);

    const [audit] = await audits('approve_deposit', id);
    expect(audit).toMatchObject({ admin_id: admin.id, target_user_id: p.user.id });
    expect(JSON.parse(audit!.before)).toEqual({ status: 'pending', balance: 0, diceRollsRemaining: 10 });
    expect(JSON.parse(audit!.after)).toMatchObject({
      status: 'approved',
      balance: 25,
      diceRollsRemaining: 310,
      diceRollsCredited: 300,
      gogoCredited: 25,
    });

    for (const [url, body] of [
      ['/api/admin/approve-deposit', { transactionId: id, diceRollsCount: 300 }],
      ['/api/admin/reject-deposit', { transactionId: id, reason: 'changed my mind' }],
    ] as const) {
      const again = await http.post(url, admin.token, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'ALREADY_PROCESSED', message: moneyText.alreadyProcessed });
    }
    expect(await cached(p.user.id)).toEqual({ balance: 25, dice: 310 });
    expect(await audits('approve_deposit', id)).toHaveLength(1);
    expect(await audits('reject_deposit', id)).toHaveLength(0);

    const queue = (await http.get('/api/admin/pending-deposits?limit=200', admin.token)).json().data.pendingDeposits;
    expect(queue.some((d: { _id: string }) => d._id === String(id))).toBe(false);
  });

  it('a double click (two simultaneous approvals) credits once: one 200, one 409', async () => {
    const p = await player();
    const id = await requestDeposit(p.token);
    const body = { transactionId: id, diceRollsCount: 100 };
    const [a, b] = await Promise.all([
      http.post('/api/admin/approve-deposit', admin.token, body),
      http.post('/api/admin/approve-deposit', admin.token, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await cached(p.user.id)).dice).toBe(110);
    expect(await audits('approve_deposit', id)).toHaveLength(1);
  });

  it.each<[object, string]>([
    [{}, 'missing'],
    [{ diceRollsCount: 0 }, 'zero'],
    [{ diceRollsCount: -5 }, 'negative'],
    [{ diceRollsCount: 2.5 }, 'fractional'],
  ])("approve needs dice rolls above 0 ('Enter dice rolls to credit'): %j (%s)", async (patch) => {
    const p = await player();
    const id = await requestDeposit(p.token);
    const res = await http.post('/api/admin/approve-deposit', admin.token, { transactionId: id, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Enter dice rolls to credit');
    expect((await cached(p.user.id)).dice).toBe(10);
    expect(await audits('approve_deposit', id)).toHaveLength(0);
    const queue = (await http.get('/api/admin/pending-deposits?limit=200', admin.token)).json().data.pendingDeposits;
    expect(queue.some((d: { _id: string }) => d._id === String(id))).toBe(true);
  });

  it('reject needs a reason, credits nothing, is audited, and happens once', async () => {
    const p = await player();
    const id = await requestPurchase(p.token, 20);
    for (const reason of [undefined, '', '   ']) {
      const res = await http.post('/api/admin/reject-deposit', admin.token, { transactionId: id, reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('REASON_REQUIRED');
    }
    const res = await http.post('/api/admin/reject-deposit', admin.token, {
      transactionId: id,
      reason: 'No payment received',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.transaction).toMatchObject({
      status: 'rejected',
      metadata: { reason: 'No payment received' },
    });
    expect(await cached(p.user.id)).toEqual({ balance: 0, dice: 10 });
    expect(await audits('reject_deposit', id)).toHaveLength(1);
    const again = await http.post('/api/admin/approve-deposit', admin.token, { transactionId: id, diceRollsCount: 20 });
    expect(again.statusCode).toBe(409);
  });

  it('404s an unknown transaction, and a withdrawal passed to the deposit routes', async () => {
    const p = await player(500);
    const w = await requestWithdrawal(p.token, 100);
    for (const id of [999_999, w]) {
      const res = await http.post('/api/admin/approve-deposit', admin.token, { transactionId: id, diceRollsCount: 10 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TRANSACTION_NOT_FOUND');
    }
  });
});

describe('withdrawals', () => {
  it("queues pending withdrawals with the player's balance and recent history", async () => {
    const p = await player(1000);
    const id = await requestWithdrawal(p.token, 300);
    const data = (await http.get('/api/admin/pending-withdrawals?limit=200', admin.token)).json().data;
    const row = data.pendingWithdrawals.find((x: { _id: string }) => x._id === String(id));
    expect(row).toMatchObject({
      type: 'withdrawal',
      amount: 300,
      currency: 'GOGO',
      status: 'pending',
      metadata: { cryptoType: 'SOL', cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' },
      player: { balance: 700, ledgerBalance: 700, pendingWithdrawals: 300 },
    });
    expect(row.recentHistory.length).toBeGreaterThan(0);
    expect(row.recentHistory.length).toBeLessThanOrEqual(5);
    expect(row.recentHistory[0]).toMatchObject({ _id: String(id), type: 'withdrawal', status: 'pending' });
  });

  it('approve marks it completed with the payout reference; the held GOGO stays out; 409 after', async () => {
    const p = await player(1000);
    const id = await requestWithdrawal(p.token, 400);
    const res = await http.post('/api/admin/approve-withdrawal', admin.token, {
      transactionId: id,
      adminNote: 'payout tx 5xYz',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.transaction).toMatchObject({
      status: 'completed',
      metadata: { adminNote: 'payout tx 5xYz' },
    });
    expect(res.json().data.player).toMatchObject({ balance: 600, pendingWithdrawals: 0 });
    expect((await cached(p.user.id)).balance).toBe(600);
    await expectNoDrift(p.user.id);
    expect(await audits('approve_withdrawal', id)).toHaveLength(1);
    for (const [url, body] of [
      ['/api/admin/approve-withdrawal', { transactionId: id }],
      ['/api/admin/reject-withdrawal', { transactionId: id, reason: 'late' }],
    ] as const) {
      expect((await http.post(url, admin.token, body)).statusCode).toBe(409);
    }
    expect((await cached(p.user.id)).balance).toBe(600);
  });

  it("reject refunds the held GOGO (a refund row in the player's history), once", async () => {
    const p = await player(1000);
    const id = await requestWithdrawal(p.token, 250);
    expect((await cached(p.user.id)).balance).toBe(750);
    ctx.clock.advance(1000);
    const missing = await http.post('/api/admin/reject-withdrawal', admin.token, { transactionId: id });
    expect(missing.statusCode).toBe(400);
    const res = await http.post('/api/admin/reject-withdrawal', admin.token, {
      transactionId: id,
      reason: 'Address is not a SOL address',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.transaction.status).toBe('rejected');
    expect(res.json().data.player).toMatchObject({ balance: 1000, pendingWithdrawals: 0 });
    await expectNoDrift(p.user.id);
    const [audit] = await audits('reject_withdrawal', id);
    expect(JSON.parse(audit!.before)).toMatchObject({ status: 'pending', balance: 750 });
    expect(JSON.parse(audit!.after)).toMatchObject({ status: 'rejected', balance: 1000 });

    const history = (await http.get('/api/credits/transactions', p.token)).json().data.transactions;
    expect(history[0]).toMatchObject({ type: 'refund', amount: 250, currency: 'GOGO' });
    expect(history[1]).toMatchObject({ _id: String(id), type: 'withdrawal', status: 'rejected' });

    const twice = await Promise.all([
      http.post('/api/admin/reject-withdrawal', admin.token, { transactionId: id, reason: 'again' }),
      http.post('/api/admin/reject-withdrawal', admin.token, { transactionId: id, reason: 'again' }),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([409, 409]);
    expect((await cached(p.user.id)).balance).toBe(1000);
  });
});

describe('GET /api/admin/all-transactions paging', () => {
  it('pages the merged requests and ledger rows without gaps or repeats, newest first', async () => {
    const get = async (q: string) => (await http.get(`/api/admin/all-transactions${q}`, admin.token)).json().data;
    const full = await get('?limit=100');
    expect(full.pagination.total).toBeGreaterThan(25); // so that page 2 is not empty
    const pages = [
      ...(await get('?limit=25&page=1')).allTransactions,
      ...(await get('?limit=25&page=2')).allTransactions,
    ];
    expect(pages.map((t: { _id: string }) => t._id)).toEqual(
      full.allTransactions.slice(0, 50).map((t: { _id: string }) => t._id),
    );
    const times = full.allTransactions.map((t: { timestamp: number }) => t.timestamp);
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    const sources = new Set(full.allTransactions.map((t: { source: string }) => t.source));
    expect(sources).toEqual(new Set(['request', 'ledger']));
  });

  it('a filter that rules out one side lists only the other', async () => {
    const get = async (q: string) => (await http.get(`/api/admin/all-transactions${q}`, admin.token)).json().data;
    const approved = await get('?status=approved&limit=200');
    expect(approved.allTransactions.length).toBeGreaterThan(0);
    expect(approved.allTransactions.every((t: { source: string }) => t.source === 'request')).toBe(true);
    const jackpots = await get('?type=reward&limit=200');
    expect(jackpots.allTransactions.every((t: { source: string }) => t.source === 'ledger')).toBe(true);
    const none = await get('?type=reward&status=pending');
    expect(none.allTransactions).toEqual([]);
    expect(none.summary.totalTransactions).toBe(0);
  });
});
