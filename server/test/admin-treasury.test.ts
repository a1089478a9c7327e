import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treasuryText } from '@gogo/shared/messages';
import { sql } from '../src/db/sql.js';
import { defaultProductionSettings } from '../src/settings/index.js';
import { createAdminSession, type AdminSession } from './admin-helpers.js';
import { bearer, createTestApp, PAYOUT, registerPlayer, type TestContext } from './helpers.js';
import { creditGogo, makeEligibleToWithdraw, txHashFor } from './money-helpers.js';

// The treasury after a scripted day of play: what the house owes reconciles with the ledger and the
// money requests, the quotes of the queue are exact, and the daily payout budget holds (also under
// two approvals at once).

const DAY = 86_400_000;
let ctx: TestContext;
let admin: AdminSession;

beforeAll(async () => {
  ctx = await createTestApp({
    production: { ...defaultProductionSettings, signupsPerIpPerHour: 0, freeWinsNeedDeposit: false },
    treasury: { redemptionPriceUsd: 0.1, dailyBudgetUsd: 30 },
  });
  admin = await createAdminSession(ctx);
});
afterAll(async () => ctx?.close());

const independent = sql<Record<string, never>, { balances: number; ledger: number; pending: number }>(
  `SELECT (SELECT coalesce(sum(balance), 0) FROM game_states) AS balances,
     (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE asset = 'GOGO') AS ledger,
     (SELECT count(*) FROM money_transactions WHERE type = 'withdrawal' AND status = 'pending') AS pending`,
);

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
const treasury = async () => (await asAdmin('GET', '/api/admin/treasury')).json().data;
const queue = async () => (await asAdmin('GET', '/api/admin/pending-withdrawals')).json().data.pendingWithdrawals;

async function player() {
  const p = await registerPlayer(ctx.app);
  await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(p.token), payload });
  return { ...p, post };
}

async function withdraw(p: Awaited<ReturnType<typeof player>>, amount: number, coin: keyof typeof PAYOUT) {
  const res = await p.post('/api/credits/withdrawal-request', {
    amount,
    cryptoType: coin,
    cryptoAddress: PAYOUT[coin],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.transactionId as number;
}

describe('GET /api/admin/treasury after a day of play', () => {
  let ids: { first: number; second: number; third: number };

  it('quotes each queued withdrawal exactly and marks what goes beyond the day budget', async () => {
    // A paying player: an ETH deposit worth $30 approved for 300 dice, then rolls.
    const payer = await player();
    const dep = await payer.post('/api/credits/deposit-request', {
      amount: 0.01,
      cryptoType: 'ETH',
      cryptoAddress: '0xsender',
      reference: txHashFor('ETH'),
      note: '',
    });
    expect(dep.statusCode, dep.body).toBe(201);
    const approved = await asAdmin('POST', '/api/admin/approve-deposit', {
      transactionId: dep.json().data.transactionId,
      diceRollsCount: 300,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    for (let i = 0; i < 12; i += 1) {
      ctx.clock.advance(1_100);
      const roll = await payer.post('/api/game/roll', {});
      expect(roll.statusCode, roll.body).toBe(200);
    }
    // Two winners ask to be paid: $20 + $20 + $10 against a $30 budget.
    const b = await player();
    const c = await player();
    await creditGogo(ctx, b.user.id, 1000);
    await creditGogo(ctx, c.user.id, 500);
    ids = { first: await withdraw(b, 200, 'ETH'), second: await withdraw(b, 200, 'USDC'), third: 0 };
    ids.third = await withdraw(c, 100, 'BTC');

    const rows = await queue();
    const byId = new Map(rows.map((r: { transactionId: number }) => [r.transactionId, r]));
    expect(byId.get(ids.first)).toMatchObject({
      quote: {
        usdValue: 20,
        redemptionPriceUsd: 0.1,
        cryptoAmount: '0.00666667',
        coinPriceUsd: 3000,
        overBudget: false,
      },
    });
    expect(byId.get(ids.second)).toMatchObject({
      quote: { usdValue: 20, cryptoAmount: '20.00000000', overBudget: true },
    });
    // The older one that does not fit waits; a younger one that fits is within.
    expect(byId.get(ids.third)).toMatchObject({
      quote: { usdValue: 10, cryptoAmount: '0.00016667', overBudget: false },
    });
  });

  it('refuses a payout beyond the budget (409) and keeps it queued; the rest are paid', async () => {
    for (const id of [ids.first, ids.third]) {
      const paid = await asAdmin('POST', '/api/admin/approve-withdrawal', { transactionId: id, adminNote: 'paid' });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const over = await asAdmin('POST', '/api/admin/approve-withdrawal', { transactionId: ids.second, adminNote: 'x' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'WITHDRAW_BUDGET_EXCEEDED',
      message: treasuryText.overBudget(20, 0, 30),
    });
    const t = await treasury();
    expect(t.budget).toEqual({ dailyUsd: 30, paidTodayUsd: 30, remainingUsd: 0 });
    const waiting = await queue();
    expect(waiting.map((r: { transactionId: number }) => r.transactionId)).toEqual([ids.second]);
    expect(waiting[0].quote.overBudget).toBe(true);
  });

  it('reconciles: outstanding = balances + pending withdrawals = ledger + pending; minted - spent = ledger', async () => {
    const t = await treasury();
    const truth = (await ctx.database.read.get(independent, {}))!;
    expect(t.outstanding.balances).toBe(truth.balances);
    expect(t.outstanding.ledgerBalances).toBe(truth.ledger);
    expect(t.outstanding.balances).toBe(t.outstanding.ledgerBalances);
    expect(t.outstanding.pendingWithdrawals).toBe(200);
    expect(t.outstanding.pendingWithdrawalCount).toBe(truth.pending);
    expect(t.outstanding.total).toBe(truth.balances + 200);
    expect(t.outstanding.valueAtRedemptionUsd).toBeCloseTo(t.outstanding.total * 0.1, 2);
    // Everything happened within the window: what was minted less what was spent is every balance.
    expect(t.totals.mintedTotal - t.totals.spentTotal).toBe(truth.ledger);
    expect(t.totals.minted.reward).toBeGreaterThanOrEqual(1500);
    expect(t.totals.spent.withdrawalHold).toBe(500);
    const today = t.series.at(-1);
    expect(today.date).toBe(new Date(ctx.clock()).toISOString().slice(0, 10));
    expect(today).toMatchObject({ depositsUsd: 30, withdrawalsUsd: 30 });
    expect(t.totals).toMatchObject({ depositsUsd: 30, withdrawalsUsd: 30 });
    expect(t.net).toEqual({
      depositsUsd: 30,
      withdrawalsUsd: 30,
      cashUsd: 0,
      owedUsd: t.outstanding.valueAtRedemptionUsd,
      positionUsd: -t.outstanding.valueAtRedemptionUsd,
    });
    expect(t.series).toHaveLength(30);
  });

  it('lets the waiting withdrawal through the next UTC day', async () => {
    ctx.clock.advance(DAY);
    admin = await createAdminSession(ctx); // the admin's session of yesterday has expired
    const [waiting] = await queue();
    expect(waiting.quote.overBudget).toBe(false);
    const paid = await asAdmin('POST', '/api/admin/approve-withdrawal', { transactionId: ids.second, adminNote: 'ok' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await treasury()).budget).toMatchObject({ paidTodayUsd: 20, remainingUsd: 10 });
  });

  it('lets only one of two approvals at once through when the budget holds one', async () => {
    const d = await player();
    await creditGogo(ctx, d.user.id, 400);
    const a = await withdraw(d, 100, 'BTC');
    const b = await withdraw(d, 100, 'BTC');
    const results = await Promise.all(
      [a, b].map((id) => asAdmin('POST', '/api/admin/approve-withdrawal', { transactionId: id, adminNote: 'x' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await treasury()).budget).toMatchObject({ paidTodayUsd: 30, remainingUsd: 0 });
  });

  it('is for admins only', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/treasury', headers: bearer(p.token) });
    expect(res.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/treasury' })).statusCode).toBe(401);
  });
});
