import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyText } from '@gogo/shared/messages';
import { sql } from '../src/db/sql.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { createAdminSession, createRecorder } from './admin-helpers.js';
import {
  cachedOf,
  creditGogo,
  insertOrphanDeposit,
  makeEligibleToWithdraw,
  markEmailVerified,
  postFor,
  sumsOf,
  txHashFor,
} from './money-helpers.js';

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

const DAY = 86_400_000;

/** A player with `gogo` GOGO credited through the ledger (standing in for play). */
async function player(gogo = 0) {
  const p = await registerPlayer(ctx.app);
  await creditGogo(ctx, p.user.id, gogo);
  await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
  return p;
}

async function requestDeposit(token: string, body: object = {}) {
  const res = await http.post('/api/credits/deposit-request', token, {
    amount: 0.01,
    cryptoType: 'ETH',
    cryptoAddress: '0xsender',
    reference: txHashFor('ETH'),
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.transactionId as number;
}

async function requestPurchase(token: string, rolls = 50) {
  const res = await http.post('/api/dice-rolls/purchase-request', token, { diceRollsCount: rolls, amount: rolls / 10 });
  expect(res.statusCode).toBe(201);
  return res.json().data.transactionId as number;
}

async function requestWithdrawal(token: string, amount: number) {
  const res = await http.post('/api/credits/withdrawal-request', token, {
    amount,
    cryptoType: 'SOL',
    cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.transactionId as number;
}

async function cached(userId: number) {
  return (await cachedOf(ctx, userId))!;
}

async function expectNoDrift(userId: number) {
  const sums = await sumsOf(ctx, userId);
  expect(await cached(userId)).toEqual({ balance: sums.GOGO, dice: sums.DICE });
}

type AuditRow = { admin_id: number; target_user_id: number; before: string; after: string };
const auditsOf = sql<{ action: string; targetId: number }, AuditRow>(
  `SELECT admin_id, target_user_id, before, after FROM admin_audit_log
   WHERE action = :action AND target_type = 'money_tx' AND target_id = :targetId ORDER BY id`,
);
const sweepsOf = sql<Record<string, never>, { after: string }>(
  "SELECT after FROM admin_audit_log WHERE action = 'cleanup_corrupted_deposits' ORDER BY id",
);
const grantAudit = sql<{ userId: number }, AuditRow>(
  `SELECT admin_id, target_user_id, before, after FROM admin_audit_log
   WHERE action = 'grant_credits' AND target_user_id = :userId`,
);
const statusOf = sql<{ id: number }, { status: string }>('SELECT status FROM money_transactions WHERE id = :id');
const issuedBefore = sql<{ before: number }, { s: number }>(
  "SELECT coalesce(sum(amount), 0) AS s FROM ledger_entries WHERE asset = 'GOGO' AND amount > 0 AND created_at < :before",
);

// A broken audit log: every insert into it fails (SQLite trigger; PostgreSQL trigger function).
const auditDownFunction = sql({
  sqlite: 'SELECT 1',
  postgres: `CREATE FUNCTION audit_down() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN RAISE EXCEPTION 'audit down'; END $$`,
});
const auditDownTrigger = sql({
  sqlite: "CREATE TRIGGER audit_down BEFORE INSERT ON admin_audit_log BEGIN SELECT RAISE(ABORT, 'audit down'); END",
  postgres: 'CREATE TRIGGER audit_down BEFORE INSERT ON admin_audit_log FOR EACH ROW EXECUTE FUNCTION audit_down()',
});
const dropAuditDown = sql({
  sqlite: 'DROP TRIGGER audit_down',
  postgres: 'DROP TRIGGER audit_down ON admin_audit_log',
});

function audits(action: string, targetId: number) {
  return ctx.database.read.all(auditsOf, { action, targetId });
}

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

describe('POST /api/admin/cleanup-corrupted-deposits', () => {
  it('fails pending deposits whose player no longer exists, and only those', async () => {
    const p = await player();
    const healthy = await requestDeposit(p.token);
    // A row whose player is gone (an import or a hand edit with foreign keys off).
    const orphan = await insertOrphanDeposit(ctx, 987654);

    const queue = (await http.get('/api/admin/pending-deposits?limit=200', admin.token)).json().data.pendingDeposits;
    expect(queue.find((d: { _id: string }) => d._id === String(orphan))).toMatchObject({
      userMissing: true,
      userId: { id: 987654, username: '', email: '' },
      player: null,
    });
    const approve = await http.post('/api/admin/approve-deposit', admin.token, {
      transactionId: orphan,
      diceRollsCount: 10,
    });
    expect(approve.statusCode).toBe(404);
    expect(approve.json().error.message).toBe(moneyText.corruptedDeposit);

    const res = await http.post('/api/admin/cleanup-corrupted-deposits', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ cleaned: 1, transactionIds: [orphan] });
    const status = async (id: number) => (await ctx.database.read.get(statusOf, { id }))!.status;
    expect(await status(orphan)).toBe('failed');
    expect(await status(healthy)).toBe('pending');
    expect(await audits('fail_corrupted_deposit', orphan)).toHaveLength(1);

    const again = await http.post('/api/admin/cleanup-corrupted-deposits', admin.token);
    expect(again.json().data).toEqual({ cleaned: 0, transactionIds: [] });
    const sweeps = await ctx.database.read.all(sweepsOf, {});
    expect(sweeps.map((s) => JSON.parse(s.after).cleaned)).toEqual([1, 0]);
  });
});

describe('GET /api/admin/all-transactions', () => {
  it('lists requests and ledger movements newest first, filters them, and sums them', async () => {
    const fresh = await createTestApp();
    try {
      const p = await registerPlayer(fresh.app);
      await makeEligibleToWithdraw(fresh.database, p.user.id, fresh.clock());
      // +10 dice (reward, starting_dice), then a jackpot
      await postFor(fresh, p.user.id, [{ asset: 'GOGO', amount: 500, type: 'jackpot', reason: 'tile:6' }]);
      fresh.clock.advance(DAY);
      const a = await createAdminSession(fresh);
      const get = (q = '') =>
        fresh.app.inject({ method: 'GET', url: `/api/admin/all-transactions${q}`, headers: bearer(a.token) });
      const post = (url: string, body: object) =>
        fresh.app.inject({ method: 'POST', url, payload: body, headers: bearer(p.token) });
      const w = (
        await post('/api/credits/withdrawal-request', {
          amount: 200,
          cryptoType: 'SOL',
          cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
        })
      ).json().data.transactionId;
      fresh.clock.advance(60_000);
      await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/reject-withdrawal',
        payload: { transactionId: w, reason: 'no' },
        headers: bearer(a.token),
      });

      const all = (await get()).json().data;
      // starting dice, jackpot, the withdrawal request, its refund (the hold is the request's own row)
      expect(all.allTransactions.map((t: { type: string }) => t.type)).toEqual([
        'refund',
        'withdrawal',
        'jackpot',
        'reward',
      ]);
      expect(all.summary).toEqual({
        totalTransactions: 4,
        totalAmount: 500 + 200 + 200,
        byType: {
          refund: { count: 1, amount: 200 },
          withdrawal: { count: 1, amount: 200 },
          jackpot: { count: 1, amount: 500 },
          reward: { count: 1, amount: 0 },
        },
        byCurrency: { GOGO: { count: 3, amount: 900 }, DICE: { count: 1, amount: 10 } },
      });
      expect(all.pagination).toEqual({ page: 1, limit: 50, total: 4, pages: 1 });

      const summary = (
        await fresh.app.inject({ method: 'GET', url: '/api/admin/summary', headers: bearer(a.token) })
      ).json().data;
      expect(summary.totalTx).toBe(4);

      expect((await get('?type=refund')).json().data.allTransactions).toHaveLength(1);
      expect((await get('?status=rejected')).json().data.allTransactions.map((t: { _id: string }) => t._id)).toEqual([
        String(w),
      ]);
      const today = new Date(fresh.clock.now).toISOString().slice(0, 10);
      const yesterday = new Date(fresh.clock.now - DAY).toISOString().slice(0, 10);
      expect((await get(`?startDate=${today}`)).json().data.summary.totalTransactions).toBe(2);
      expect((await get(`?endDate=${yesterday}`)).json().data.summary.totalTransactions).toBe(2);
      expect((await get(`?startDate=${today}&endDate=${yesterday}`)).statusCode).toBe(400);
      const page2 = (await get('?limit=25&page=2')).json().data;
      expect(page2.allTransactions).toEqual([]);
      expect((await get('?limit=10')).statusCode).toBe(400);
      expect((await get('?type=bogus')).statusCode).toBe(400);
      expect((await get('?status=bogus')).statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
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

describe('summary and analytics', () => {
  it('counts users, activity, pending queues, locks and holdings', async () => {
    const fresh = await createTestApp();
    try {
      const a = await createAdminSession(fresh);
      const get = (url: string) => fresh.app.inject({ method: 'GET', url, headers: bearer(a.token) });
      const p1 = await registerPlayer(fresh.app);
      const p2 = await registerPlayer(fresh.app);
      await makeEligibleToWithdraw(fresh.database, p1.user.id, fresh.clock());
      await postFor(fresh, p1.user.id, [{ asset: 'GOGO', amount: 400, type: 'reward', reason: 't' }]);
      const post = (token: string, url: string, body: object) =>
        fresh.app.inject({ method: 'POST', url, payload: body, headers: bearer(token) });
      await post(p1.token, '/api/credits/withdrawal-request', {
        amount: 150,
        cryptoType: 'SOL',
        cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      });
      await post(p2.token, '/api/dice-rolls/purchase-request', { diceRollsCount: 10, amount: 1 });
      for (let i = 0; i < 5; i += 1) {
        await post('', '/api/auth/login', { email: p2.user.email, password: 'wrong-pw1' });
      }
      const s = (await get('/api/admin/summary')).json().data;
      expect(s).toMatchObject({
        totalUsers: 2,
        active24h: 2,
        activeUsers: 2,
        pendingDeposits: 1,
        pendingWithdrawals: 1,
        lockedUsers: 1,
        totalBalance: 250,
        totalDiceRolls: 10,
      });
    } finally {
      await fresh.close();
    }
  });

  it('GET /analytics: per UTC day signups, rolls, approvals, GOGO issued and withdrawn, zeros included', async () => {
    const fresh = await createTestApp();
    try {
      const start = fresh.clock.now;
      const p = await registerPlayer(fresh.app);
      const post = (token: string, url: string, body: object = {}) =>
        fresh.app.inject({ method: 'POST', url, payload: body, headers: bearer(token) });
      for (let i = 0; i < 3; i += 1) {
        const roll = await post(p.token, '/api/game/roll', {});
        expect(roll.statusCode).toBe(200);
        fresh.clock.advance(1500);
      }
      await postFor(fresh, p.user.id, [{ asset: 'GOGO', amount: 300, type: 'reward', reason: 't' }]);
      // Verified, and past WITHDRAW_MIN_ACCOUNT_AGE_HOURS (72 h) by time, so that the sign-up day stays put.
      await markEmailVerified(fresh.database, p.user.id, fresh.clock());
      fresh.clock.advance(3 * DAY);
      const a = await createAdminSession(fresh);
      await registerPlayer(fresh.app);
      const dep = (await post(p.token, '/api/dice-rolls/purchase-request', { diceRollsCount: 30, amount: 3 })).json()
        .data.transactionId;
      await post(a.token, '/api/admin/approve-deposit', { transactionId: dep, diceRollsCount: 30, gogoAmount: 7 });
      const w = (
        await post(p.token, '/api/credits/withdrawal-request', {
          amount: 100,
          cryptoType: 'SOL',
          cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
        })
      ).json().data.transactionId;
      await post(a.token, '/api/admin/approve-withdrawal', { transactionId: w, adminNote: 'paid' });

      const res = await fresh.app.inject({
        method: 'GET',
        url: '/api/admin/analytics?days=7',
        headers: bearer(a.token),
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.series).toHaveLength(7);
      expect(data.to).toBe(new Date(fresh.clock.now).toISOString().slice(0, 10));
      const day0 = data.series.find((d: { date: string }) => d.date === new Date(start).toISOString().slice(0, 10));
      const today = data.series.at(-1);
      const issuedByRolls = (await fresh.database.read.get(issuedBefore, { before: start + DAY }))!.s;
      expect(day0).toMatchObject({
        signups: 1,
        rolls: 3,
        depositsApproved: 0,
        gogoIssued: issuedByRolls,
        gogoWithdrawn: 0,
      });
      expect(issuedByRolls).toBeGreaterThanOrEqual(300);
      expect(today).toMatchObject({
        signups: 1,
        rolls: 0,
        depositsApproved: 1,
        diceRollsCredited: 30,
        gogoIssued: 7,
        gogoWithdrawn: 100,
      });
      expect(data.totals).toMatchObject({ signups: 2, rolls: 3, depositsApproved: 1, gogoWithdrawn: 100 });
      expect(data.series.filter((d: { signups: number }) => d.signups === 0)).toHaveLength(5);

      expect(
        (await fresh.app.inject({ method: 'GET', url: '/api/admin/analytics?days=0', headers: bearer(a.token) }))
          .statusCode,
      ).toBe(400);
      expect(
        (await fresh.app.inject({ method: 'GET', url: '/api/admin/analytics?days=366', headers: bearer(a.token) }))
          .statusCode,
      ).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});

describe('the admin grant of the money module', () => {
  it('writes an audit row in its transaction', async () => {
    const p = await player(5);
    const res = await http.post('/api/credits/grant', admin.token, {
      userId: p.user.id,
      amount: 100,
      note: 'goodwill',
    });
    expect(res.statusCode).toBe(200);
    const row = (await ctx.database.read.get(grantAudit, { userId: p.user.id }))!;
    expect(row.admin_id).toBe(admin.id);
    expect(JSON.parse(row.before)).toEqual({ balance: 5 });
    expect(JSON.parse(row.after)).toEqual({ balance: 105, amount: 100, note: 'goodwill' });
  });
});

describe('the audit row and its action share one transaction', () => {
  it('when the audit row cannot be written, the review does not happen either', async () => {
    const p = await player();
    const id = await requestDeposit(p.token);
    await ctx.database.write(async (tx) => {
      await tx.run(auditDownFunction, {});
      await tx.run(auditDownTrigger, {});
    });
    try {
      const res = await http.post('/api/admin/approve-deposit', admin.token, { transactionId: id, diceRollsCount: 50 });
      expect(res.statusCode).toBe(500);
      const reset = await http.post('/api/admin/reset-user-password', admin.token, {
        userId: p.user.id,
        newPassword: 'another1',
      });
      expect(reset.statusCode).toBe(500);
    } finally {
      await ctx.database.write((tx) => tx.run(dropAuditDown, {}));
    }
    expect(await cached(p.user.id)).toEqual({ balance: 0, dice: 10 });
    expect((await ctx.database.read.get(statusOf, { id }))!.status).toBe('pending');
    expect((await http.get('/api/auth/me', p.token)).statusCode).toBe(200); // the password reset rolled back too
    const retry = await http.post('/api/admin/approve-deposit', admin.token, { transactionId: id, diceRollsCount: 50 });
    expect(retry.statusCode).toBe(200);
    expect((await cached(p.user.id)).dice).toBe(60);
  });
});
