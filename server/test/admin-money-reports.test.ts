import { describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql.js';
import { defaultProductionSettings } from '../src/settings/index.js';
import { bearer, createTestApp, registerPlayer } from './helpers.js';
import { createAdminSession } from './admin-helpers.js';
import { makeEligibleToWithdraw, markEmailVerified, postFor } from './money-helpers.js';

// These players withdraw GOGO won in play without a deposit (the rule that holds it back has its own tests).
const playWithdrawals = {
  production: { ...defaultProductionSettings, signupsPerIpPerHour: 0, freeWinsNeedDeposit: false },
};

// What the back office reports about money: the merged transaction list with its sums, the summary
// counters and the daily analytics. Each test counts exact totals, so each builds its own app.

const DAY = 86_400_000;

const issuedBefore = sql<{ before: number }, { s: number }>(
  "SELECT coalesce(sum(amount), 0) AS s FROM ledger_entries WHERE asset = 'GOGO' AND amount > 0 AND created_at < :before",
);

describe('GET /api/admin/all-transactions', () => {
  it('lists requests and ledger movements newest first, filters them, and sums them', async () => {
    const fresh = await createTestApp(playWithdrawals);
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

describe('summary and analytics', () => {
  it('counts users, activity, pending queues, locks and holdings', async () => {
    const fresh = await createTestApp(playWithdrawals);
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
    const fresh = await createTestApp(playWithdrawals);
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
      await post(a.token, '/api/admin/approve-deposit', {
        transactionId: dep,
        diceRollsCount: 30,
        gogoAmount: 7,
        reason: 'launch week bonus',
      });
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
