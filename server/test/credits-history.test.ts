import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@gogo/shared/api';
import { approveDeposit, rejectWithdrawal } from '../src/modules/credits/reviews.js';
import { createTestApp, type TestContext } from './helpers.js';
import { createTestAdmin, postFor, txHashFor } from './money-helpers.js';
import { deposit, moneyFixtures } from './money-fixtures.js';

// A player's transaction history: money requests and game ledger rows in one list, newest first.

let ctx: TestContext;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  adminId = (await createTestAdmin(ctx)).id;
});
afterAll(async () => ctx.close());

const { player, inTx } = moneyFixtures(() => ctx);

describe('GET /api/credits/transactions', () => {
  it('merges money requests and game ledger entries, newest first, with every Transaction field', async () => {
    const p = await player(200);
    const t0 = ctx.clock();
    await postFor(
      ctx,
      p.user.id,
      [
        { asset: 'DICE', amount: -1, type: 'purchase', reason: 'roll' },
        { asset: 'GOGO', amount: 100, type: 'jackpot', reason: 'tile:6' },
      ],
      t0,
    );
    ctx.clock.advance(1000);
    await postFor(ctx, p.user.id, [{ asset: 'GOGO', amount: -15, type: 'penalty', reason: 'tile:4' }]);
    ctx.clock.advance(1000);
    await p.api.post('/api/credits/withdrawal-request', {
      amount: 100,
      cryptoType: 'ETH',
      cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    ctx.clock.advance(1000);
    const w2 = (
      await p.api.post('/api/credits/withdrawal-request', {
        amount: 200,
        cryptoType: 'ETH',
        cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      })
    ).json();
    expect(w2.success).toBe(false); // 185 GOGO left: refused, not in the history
    ctx.clock.advance(1000);
    const reference = txHashFor('ETH');
    await p.api.post('/api/credits/deposit-request', { ...deposit, reference });
    ctx.clock.advance(65_000);

    const res = await p.api.get('/api/credits/transactions');
    expect(res.statusCode).toBe(200);
    const { transactions, limit, offset, hasMore } = res.json().data;
    expect({ limit, offset, hasMore }).toEqual({ limit: 50, offset: 0, hasMore: false });
    expect(transactions.map((t: any) => [t.type, t.formattedAmount, t.status])).toEqual([
      ['deposit', '0.5 ETH', 'pending'],
      ['withdrawal', '100 GOGO', 'pending'],
      ['penalty', '-15 GOGO', 'completed'],
      ['jackpot', '+100 GOGO', 'completed'],
      ['reward', '+200 GOGO', 'completed'],
      ['reward', '+10 dice rolls', 'completed'],
    ]);
    const [dep, , penalty, jackpot] = transactions;
    expect(dep).toEqual({
      _id: String(dep!.transactionId),
      transactionId: expect.any(Number),
      source: 'request',
      type: 'deposit',
      amount: 0.5,
      formattedAmount: '0.5 ETH',
      status: 'pending',
      age: '1m',
      timestamp: expect.any(Number),
      createdAt: expect.any(String),
      description: 'Deposit of 0.5 ETH',
      currency: 'ETH',
      userId: { id: p.user.id, username: p.user.username, email: p.user.email },
      metadata: {
        cryptoType: 'ETH',
        cryptoAddress: '0xsender',
        reference,
        note: 'hello',
        transactionHash: reference.slice(2),
        diceRollsCount: null,
        adminNote: null,
        reason: null,
      },
    });
    expect(new Date(dep.createdAt).getTime()).toBe(dep.timestamp);
    expect(jackpot).toMatchObject({
      _id: expect.stringMatching(/^L\d+$/),
      transactionId: null,
      description: 'Landed on DeFi Jackpot',
      amount: 100,
    });
    expect(penalty).toMatchObject({ description: 'Landed on Gas Fees', amount: -15, currency: 'GOGO' });
    for (const t of transactions) {
      expect(TRANSACTION_TYPES).toContain(t.type);
      expect(TRANSACTION_STATUSES).toContain(t.status);
    }
  });

  it('shows a rejected withdrawal once, with its refund as its own row', async () => {
    const p = await player(300);
    const id = (
      await p.api.post('/api/credits/withdrawal-request', {
        amount: 120,
        cryptoType: 'USDC',
        cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      })
    ).json().data.transactionId;
    ctx.clock.advance(1000);
    await inTx((tx) => rejectWithdrawal(tx, { transactionId: id, adminId, reason: 'wrong network' }, ctx.clock()));
    const list = (await p.api.get('/api/credits/transactions')).json().data.transactions;
    expect(list.slice(0, 2).map((t: any) => [t.type, t.formattedAmount, t.status, t.metadata.reason])).toEqual([
      ['refund', '+120 GOGO', 'completed', null],
      ['withdrawal', '120 GOGO', 'rejected', 'wrong network'],
    ]);
  });

  it('shows an approved purchase once, with the rolls credited', async () => {
    const p = await player();
    const id = (await p.api.post('/api/dice-rolls/purchase-request', { diceRollsCount: 30, amount: 3 })).json().data
      .transactionId;
    await inTx((tx) => approveDeposit(tx, { transactionId: id, adminId, diceRollsCount: 30 }, ctx.clock()));
    const list = (await p.api.get('/api/credits/transactions')).json().data.transactions;
    expect(list.filter((t: any) => t.type === 'purchase')).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'purchase', status: 'approved', formattedAmount: '$3.00' });
    expect(list[0].metadata.diceRollsCount).toBe(30);
  });

  it('clamps the limit to 1..200 and pages with offset', async () => {
    const p = await player(10_000);
    for (let i = 0; i < 5; i++) {
      ctx.clock.advance(10);
      await postFor(ctx, p.user.id, [{ asset: 'GOGO', amount: 1 + i, type: 'reward', reason: 'test' }]);
    }
    const page = async (q: string) => (await p.api.get(`/api/credits/transactions${q}`)).json().data;
    expect((await page('?limit=0')).limit).toBe(1);
    expect((await page('?limit=-4')).transactions).toHaveLength(1);
    expect((await page('?limit=500')).limit).toBe(200);
    const all = (await page('?limit=200')).transactions.map((t: any) => t._id);
    expect(all).toHaveLength(7); // 5 rewards, the test credit and the starting dice
    const first = await page('?limit=3');
    const second = await page('?limit=3&offset=3');
    const third = await page('?limit=3&offset=6');
    expect(first.hasMore).toBe(true);
    expect(third.hasMore).toBe(false);
    expect([...first.transactions, ...second.transactions, ...third.transactions].map((t: any) => t._id)).toEqual(all);
  });

  it("never shows another player's rows", async () => {
    const a = await player(500);
    const b = await player();
    await a.api.post('/api/credits/withdrawal-request', {
      amount: 100,
      cryptoType: 'ETH',
      cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    const list = (await b.api.get('/api/credits/transactions')).json().data.transactions;
    expect(list.every((t: any) => t.userId.id === b.user.id)).toBe(true);
    expect(list.some((t: any) => t.type === 'withdrawal')).toBe(false);
  });
});
