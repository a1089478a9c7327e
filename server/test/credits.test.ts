import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputRuleText, moneyText, txReferenceShapeText, validationText, walletText } from '@gogo/shared/messages';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@gogo/shared/api';
import type { Tx } from '../src/db/sql.js';
import { migrationsDir } from '../src/paths.js';
import {
  approveDeposit,
  approveWithdrawal,
  findMoneyRequest,
  rejectDeposit,
  rejectWithdrawal,
} from '../src/modules/credits/reviews.js';
import { createTestApp, PAYOUT, registerPlayer, type TestContext } from './helpers.js';
import {
  api,
  cachedOf,
  creditGogo,
  createTestAdmin,
  deleteUserBehindTheAppsBack,
  makeEligibleToWithdraw,
  postFor,
  sumsOf,
  txHashFor,
} from './money-helpers.js';

let ctx: TestContext;
let adminId: number;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createTestAdmin(ctx);
  adminId = admin.id;
  adminToken = admin.token;
});
afterAll(async () => ctx.close());

/**
 * A registered player with `gogo` GOGO credited through the ledger (a grant stands in for play),
 * verified and old enough to withdraw (issue 13's rules stay on).
 */
async function player(gogo = 0) {
  const p = await registerPlayer(ctx.app);
  await creditGogo(ctx, p.user.id, gogo);
  await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
  return { ...p, api: api(ctx.app, p.token) };
}

async function cached(userId: number) {
  return (await cachedOf(ctx, userId))!;
}

async function expectNoDrift(userId: number) {
  const row = await cached(userId);
  expect({ GOGO: row.balance, DICE: row.dice }).toEqual(await sumsOf(ctx, userId));
}

/** A review run in its own transaction, as the admin routes run it. */
const inTx = <T>(fn: (tx: Tx) => Promise<T>) => ctx.database.write(fn);

/** The stored money request, amounts in their unit. */
const requestRow = async (id: number) => (await findMoneyRequest(ctx.database.read, id))!;

/** An ETH deposit body; each spread of it carries a fresh transaction hash as its reference (issue 13). */
const deposit = {
  amount: 0.5,
  cryptoType: 'ETH',
  cryptoAddress: '0xsender',
  get reference() {
    return txHashFor('ETH');
  },
  note: 'hello',
};

describe('GET /api/credits/balance', () => {
  it('answers the GOGO balance, dice rolls and held withdrawals of the player', async () => {
    const p = await player(250);
    const res = await p.api.get('/api/credits/balance');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ balance: 250, diceRollsRemaining: 10, pendingWithdrawals: 0, currency: 'GOGO' });
  });

  it('answers the starting values without writing anything for a player who never played', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await api(ctx.app, p.token).get('/api/credits/balance');
    expect(res.json().data).toMatchObject({ balance: 0, diceRollsRemaining: 10 });
    expect(await cachedOf(ctx, p.user.id)).toBeUndefined();
  });

  it('needs a player token', async () => {
    expect((await api(ctx.app).get('/api/credits/balance')).statusCode).toBe(401);
    expect((await api(ctx.app, adminToken).get('/api/credits/balance')).statusCode).toBe(403);
  });
});

describe('POST /api/credits/spend', () => {
  it('spends once per idempotency key: the same key and body replay the first answer', async () => {
    const p = await player(100);
    const first = await p.api.post('/api/credits/spend', { amount: 30, idempotencyKey: 'k-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ spent: 30, balance: 70, idempotencyKey: 'k-1', replayed: false });
    const again = await p.api.post('/api/credits/spend', { amount: 30, idempotencyKey: 'k-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ spent: 30, balance: 70, idempotencyKey: 'k-1', replayed: true });
    expect((await cached(p.user.id)).balance).toBe(70);
    await expectNoDrift(p.user.id);
  });

  it('replays concurrent retries of one key and spends once', async () => {
    const p = await player(100);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => p.api.post('/api/credits/spend', { amount: 40, idempotencyKey: 'same' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.json().data.replayed === false)).toHaveLength(1);
    expect((await cached(p.user.id)).balance).toBe(60);
  });

  it('refuses a different body under a used key with 422', async () => {
    const p = await player(100);
    await p.api.post('/api/credits/spend', { amount: 10, idempotencyKey: 'k' });
    const res = await p.api.post('/api/credits/spend', { amount: 11, idempotencyKey: 'k' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: moneyText.idempotencyKeyReused });
    expect((await cached(p.user.id)).balance).toBe(90);
  });

  it('keeps keys per player', async () => {
    const a = await player(50);
    const b = await player(50);
    await a.api.post('/api/credits/spend', { amount: 10, idempotencyKey: 'shared-key' });
    const res = await b.api.post('/api/credits/spend', { amount: 20, idempotencyKey: 'shared-key' });
    expect(res.json().data).toMatchObject({ spent: 20, balance: 30, replayed: false });
  });

  it.each([0, -5, 1.5, 'abc', null])('refuses amount %j with "Enter a valid amount."', async (amount) => {
    const p = await player(100);
    const res = await p.api.post('/api/credits/spend', { amount, idempotencyKey: `bad-${String(amount)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_AMOUNT', message: validationText.amountInvalid });
  });

  it('refuses to spend more than the balance and records nothing (a retry after a top-up may succeed)', async () => {
    const p = await player(10);
    const res = await p.api.post('/api/credits/spend', { amount: 11, idempotencyKey: 'big' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: moneyText.insufficientBalance });
    await expectNoDrift(p.user.id);
  });
});

describe('POST /api/credits/grant', () => {
  it('is admin-only', async () => {
    const p = await player();
    const body = { userId: p.user.id, amount: 100 };
    expect((await api(ctx.app).post('/api/credits/grant', body)).statusCode).toBe(401);
    expect((await p.api.post('/api/credits/grant', body)).statusCode).toBe(403);
    expect((await cached(p.user.id)).balance).toBe(0);
  });

  it('credits GOGO through the ledger', async () => {
    const p = await player(5);
    const res = await api(ctx.app, adminToken).post('/api/credits/grant', { userId: p.user.id, amount: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: p.user.id, amount: 100, balance: 105 });
    await expectNoDrift(p.user.id);
  });

  it('answers 404 for an unknown player', async () => {
    const res = await api(ctx.app, adminToken).post('/api/credits/grant', { userId: 999_999, amount: 1 });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/credits/deposit-request', () => {
  it('records a pending deposit and credits nothing', async () => {
    const p = await player();
    const reference = txHashFor('ETH');
    const res = await p.api.post('/api/credits/deposit-request', { ...deposit, reference });
    expect(res.statusCode).toBe(201);
    const { transactionId, status, usdValue } = res.json().data;
    expect(typeof transactionId).toBe('number');
    expect(status).toBe('pending');
    expect(usdValue).toBe(1500);
    const row = await requestRow(transactionId);
    expect(row).toMatchObject({
      userId: p.user.id,
      type: 'deposit',
      amount: 0.5,
      currency: 'ETH',
      cryptoAddress: '0xsender',
      reference,
      txHash: reference.slice(2),
      note: 'hello',
      status: 'pending',
    });
    expect(await sumsOf(ctx, p.user.id)).toEqual({ GOGO: 0, DICE: 10 });
  });

  it('accepts the service-call body {amount, solTxSignature, note} as a SOL deposit', async () => {
    const p = await player();
    const sig = '5'.repeat(20) + 'abcDEF' + 'x'.repeat(61);
    const res = await p.api.post('/api/credits/deposit-request', { amount: 1, solTxSignature: sig, note: 'sol' });
    expect(res.statusCode).toBe(201);
    const row = await requestRow(res.json().data.transactionId);
    expect(row).toMatchObject({ currency: 'SOL', cryptoType: 'SOL', txHash: sig, note: 'sol', status: 'pending' });
  });

  it('answers "Please login." without a token', async () => {
    const res = await api(ctx.app).post('/api/credits/deposit-request', deposit);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(validationText.depositLogin);
  });

  it.each([
    [{ amount: 0 }, 'INVALID_AMOUNT', validationText.amountInvalid],
    [{ amount: -1 }, 'INVALID_AMOUNT', validationText.amountInvalid],
    [{ amount: 'abc' }, 'INVALID_AMOUNT', validationText.amountInvalid],
    [{ amount: '' }, 'INVALID_AMOUNT', validationText.amountInvalid],
    [{ amount: null }, 'INVALID_AMOUNT', validationText.amountInvalid],
    [{ amount: 20.001, cryptoType: 'USDT' }, 'INVALID_AMOUNT', validationText.amountInvalid],
    [{ amount: 0.123456789, cryptoType: 'BTC' }, 'INVALID_AMOUNT', validationText.amountInvalid],
    [{ cryptoType: 'DOGE' }, 'INVALID_CRYPTO_TYPE', moneyText.cryptoTypeInvalid],
    [{ cryptoType: undefined }, 'INVALID_CRYPTO_TYPE', moneyText.cryptoTypeInvalid],
    [{ cryptoAddress: '  ' }, 'ADDRESS_REQUIRED', validationText.cryptoAddressRequired],
    [{ amount: 0.001 }, 'MIN_DEPOSIT', validationText.depositMinimum],
    [{ amount: 9.99, cryptoType: 'USDC' }, 'MIN_DEPOSIT', validationText.depositMinimum],
    [
      { transactionHash: 'not a hash!' },
      'INVALID_REFERENCE',
      inputRuleText.referenceShape('ETH', txReferenceShapeText('ETH')),
    ],
    [{ reference: 'order 1' }, 'INVALID_REFERENCE', inputRuleText.referenceShape('ETH', txReferenceShapeText('ETH'))],
    [
      { reference: 'ab'.repeat(32) },
      'INVALID_REFERENCE',
      inputRuleText.referenceShape('ETH', txReferenceShapeText('ETH')),
    ],
    [{ reference: '' }, 'INVALID_REFERENCE', inputRuleText.referenceRequired],
    [
      { reference: `0x${'ab'.repeat(32)}`, transactionHash: `0x${'cd'.repeat(32)}` },
      'INVALID_REFERENCE',
      inputRuleText.referenceMismatch,
    ],
  ])('refuses %j with %s', async (patch, code, message) => {
    const p = await player();
    const res = await p.api.post('/api/credits/deposit-request', { ...deposit, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, message });
  });

  it('accepts exactly $10 worth and a decimal string amount', async () => {
    const p = await player();
    const res = await p.api.post('/api/credits/deposit-request', { ...deposit, amount: '10.00', cryptoType: 'USDT' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.usdValue).toBe(10);
  });

  it('lets a transaction hash be claimed once per currency (case and 0x prefix do not matter)', async () => {
    const p = await player();
    const q = await player();
    const hash = 'AB'.repeat(32);
    const first = await p.api.post('/api/credits/deposit-request', { ...deposit, reference: `0x${hash}` });
    expect(first.statusCode).toBe(201);
    const same = await q.api.post('/api/credits/deposit-request', { ...deposit, reference: `0x${hash.toLowerCase()}` });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toMatchObject({ code: 'TX_HASH_TAKEN', message: moneyText.txHashTaken });
    // A dice purchase paid in ETH competes for the same hash...
    const purchase = await q.api.post('/api/dice-rolls/purchase-request', {
      diceRollsCount: 100,
      amount: 10,
      currency: 'ETH',
      transactionHash: `0x${hash}`,
    });
    expect(purchase.statusCode).toBe(409);
    // ...while another currency's transfer may carry the same string.
    const otherCurrency = await q.api.post('/api/credits/deposit-request', {
      ...deposit,
      cryptoType: 'BTC',
      amount: 0.001,
      reference: hash,
    });
    expect(otherCurrency.statusCode).toBe(201);
  });

  it('lets one of two concurrent claims of a hash win', async () => {
    const players = await Promise.all([player(), player(), player(), player()]);
    const hash = 'cd'.repeat(32);
    const answers = await Promise.all(
      players.map((p) => p.api.post('/api/credits/deposit-request', { ...deposit, reference: `0x${hash}` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe('POST /api/dice-rolls/purchase-request', () => {
  const body = {
    diceRollsCount: 50,
    amount: 5,
    currency: 'USD',
    transactionHash: 'ef'.repeat(32),
    notes: 'n',
  };

  it('records a pending purchase of dice rolls; nothing is credited', async () => {
    const p = await player();
    const res = await p.api.post('/api/dice-rolls/purchase-request', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', diceRollsCount: 50, amount: 5, currency: 'USD' });
    expect(await sumsOf(ctx, p.user.id)).toEqual({ GOGO: 0, DICE: 10 });
  });

  it('defaults the currency to USD', async () => {
    const p = await player();
    const res = await p.api.post('/api/dice-rolls/purchase-request', { diceRollsCount: 10, amount: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.currency).toBe('USD');
  });

  it.each([
    [{ diceRollsCount: 0 }, 'INVALID_DICE_PURCHASE', moneyText.dicePurchaseCount],
    [{ diceRollsCount: 5, amount: 0.5 }, 'INVALID_DICE_PURCHASE', moneyText.dicePurchaseCount],
    [{ diceRollsCount: 15, amount: 1.5 }, 'INVALID_DICE_PURCHASE', moneyText.dicePurchaseCount],
    [{ diceRollsCount: 'x' }, 'INVALID_DICE_PURCHASE', moneyText.dicePurchaseCount],
    [{ amount: 4.99 }, 'INVALID_DICE_PURCHASE', moneyText.dicePurchaseAmount],
    [{ amount: 0 }, 'INVALID_AMOUNT', validationText.amountInvalid],
    [{ currency: 'EUR' }, 'INVALID_CRYPTO_TYPE', moneyText.cryptoTypeInvalid],
  ])('refuses %j with %s', async (patch, code, message) => {
    const p = await player();
    const res = await p.api.post('/api/dice-rolls/purchase-request', { ...body, transactionHash: undefined, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, message });
  });
});

describe('withdrawal requests', () => {
  const body = {
    amount: 150,
    cryptoType: 'SOL',
    cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    note: 'payday',
  };

  it('holds the amount at once and records a pending withdrawal', async () => {
    const p = await player(500);
    const res = await p.api.post('/api/credits/withdrawal-request', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', amount: 150, balance: 350 });
    expect((await cached(p.user.id)).balance).toBe(350);
    const bal = await p.api.get('/api/credits/balance');
    expect(bal.json().data).toMatchObject({ balance: 350, pendingWithdrawals: 150 });
    await expectNoDrift(p.user.id);
  });

  it('accepts the service-call form {amount, note, solAddress}', async () => {
    const p = await player(300);
    const res = await p.api.post('/api/credits/withdraw-request', {
      amount: 100,
      note: 'n',
      solAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    });
    expect(res.statusCode).toBe(201);
    const row = await requestRow(res.json().data.transactionId);
    expect(row).toMatchObject({
      type: 'withdrawal',
      amount: 100,
      cryptoType: 'SOL',
      cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    });
  });

  it.each([
    [{ amount: 0 }, validationText.amountInvalid],
    [{ amount: -100 }, validationText.amountInvalid],
    [{ amount: 'lots' }, validationText.amountInvalid],
    [{ amount: 150.5 }, moneyText.withdrawWholeGogo],
    [{ amount: 99 }, moneyText.withdrawMinimum],
    [{ amount: 1001 }, validationText.withdrawExceedsBalance],
    [{ cryptoAddress: '' }, validationText.cryptoAddressRequired],
    [{ cryptoAddress: undefined }, validationText.cryptoAddressRequired],
    [{ cryptoType: 'XRP' }, moneyText.cryptoTypeInvalid],
    // Issue 14: the address must have the shape of the chosen coin's (an 0x address was taken as SOL).
    [{ cryptoAddress: PAYOUT.ETH }, walletText.payoutAddressFormat.SOL],
    [{ cryptoType: 'BTC', cryptoAddress: PAYOUT.SOL }, walletText.payoutAddressFormat.BTC],
    [{ cryptoType: 'ETH', cryptoAddress: PAYOUT.BTC }, walletText.payoutAddressFormat.ETH],
    [{ cryptoType: 'usdt', cryptoAddress: '0xabc' }, walletText.payoutAddressFormat.USDT],
    [{ cryptoType: 'USDC', cryptoAddress: PAYOUT.SOL }, walletText.payoutAddressFormat.USDC],
  ])('refuses %j with its text and holds nothing', async (patch, message) => {
    const p = await player(1000);
    const res = await p.api.post('/api/credits/withdrawal-request', { ...body, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await cached(p.user.id)).balance).toBe(1000);
  });

  it('the withdraw-request form gives the same texts', async () => {
    const p = await player(120);
    const noAddress = await p.api.post('/api/credits/withdraw-request', { amount: 100 });
    expect(noAddress.json().error.message).toBe(validationText.cryptoAddressRequired);
    const tooMuch = await p.api.post('/api/credits/withdraw-request', {
      amount: 121,
      solAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    });
    expect(tooMuch.json().error.message).toBe(validationText.withdrawExceedsBalance);
  });

  it('two concurrent requests can never overdraw', async () => {
    const p = await player(300);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => p.api.post('/api/credits/withdrawal-request', { ...body, amount: 200 })),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().error.message).toBe(validationText.withdrawExceedsBalance);
    }
    expect((await cached(p.user.id)).balance).toBe(100);
    await expectNoDrift(p.user.id);
  });

  it('20 concurrent full-balance withdrawals: exactly one is accepted, the balance never goes below zero', async () => {
    const p = await player(500);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => p.api.post('/api/credits/withdrawal-request', { ...body, amount: 500 })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().error.code).toBe('INSUFFICIENT_BALANCE');
    }
    expect((await cached(p.user.id)).balance).toBe(0);
    const held = await p.api.get('/api/credits/balance');
    expect(held.json().data).toMatchObject({ balance: 0, pendingWithdrawals: 500 });
    await expectNoDrift(p.user.id);
  });

  it('many concurrent requests: exactly WITHDRAW_MAX_PENDING (3) are held, the rest refused; the balance lands exactly', async () => {
    const p = await player(1000);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => p.api.post('/api/credits/withdrawal-request', { ...body, amount: 100 })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(new Set(refused.map((a) => a.json().error.code))).toEqual(new Set(['WITHDRAW_TOO_MANY_PENDING']));
    expect((await cached(p.user.id)).balance).toBe(700);
    await expectNoDrift(p.user.id);
  });
});

describe('review state machine (used by the admin routes)', () => {
  async function pendingDeposit(p: Awaited<ReturnType<typeof player>>) {
    const res = await p.api.post('/api/credits/deposit-request', deposit);
    return res.json().data.transactionId as number;
  }

  it('approve credits the dice rolls and GOGO once; a second approve or reject is 409', async () => {
    const p = await player();
    const id = await pendingDeposit(p);
    const now = ctx.clock();
    const row = await inTx((tx) =>
      approveDeposit(tx, { transactionId: id, adminId, diceRollsCount: 150, gogoAmount: 20, adminNote: 'ok' }, now),
    );
    expect(row).toMatchObject({ status: 'approved', diceRollsCredited: 150, gogoCredited: 20, reviewedBy: adminId });
    expect(await sumsOf(ctx, p.user.id)).toEqual({ GOGO: 20, DICE: 160 });
    for (const again of [
      (tx: Tx) => approveDeposit(tx, { transactionId: id, adminId, diceRollsCount: 1 }, now),
      (tx: Tx) => rejectDeposit(tx, { transactionId: id, adminId, reason: 'x' }, now),
    ]) {
      await expect(inTx(again)).rejects.toMatchObject({ statusCode: 409 });
    }
    expect(await sumsOf(ctx, p.user.id)).toEqual({ GOGO: 20, DICE: 160 });
    await expectNoDrift(p.user.id);
  });

  it('approve needs dice rolls above 0 ("Enter dice rolls to credit"); reject needs a reason', async () => {
    const p = await player();
    const id = await pendingDeposit(p);
    await expect(
      inTx((tx) => approveDeposit(tx, { transactionId: id, adminId, diceRollsCount: 0 }, ctx.clock())),
    ).rejects.toThrowError(validationText.adminDiceRollsRequired);
    await expect(
      inTx((tx) => rejectDeposit(tx, { transactionId: id, adminId, reason: '  ' }, ctx.clock())),
    ).rejects.toThrowError(moneyText.rejectReasonRequired);
    const rejected = await inTx((tx) =>
      rejectDeposit(tx, { transactionId: id, adminId, reason: 'no transfer found' }, ctx.clock()),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'no transfer found' });
    expect(await sumsOf(ctx, p.user.id)).toEqual({ GOGO: 0, DICE: 10 });
  });

  it('a withdrawal is not a deposit and vice versa (404)', async () => {
    const p = await player(200);
    const w = (
      await p.api.post('/api/credits/withdrawal-request', {
        amount: 100,
        cryptoType: 'BTC',
        cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      })
    ).json().data.transactionId;
    const d = await pendingDeposit(p);
    await expect(
      inTx((tx) => approveDeposit(tx, { transactionId: w, adminId, diceRollsCount: 10 }, ctx.clock())),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(inTx((tx) => approveWithdrawal(tx, { transactionId: d, adminId }, ctx.clock()))).rejects.toMatchObject(
      { statusCode: 404 },
    );
  });

  it('rejecting a withdrawal refunds the held amount; approving completes it; each once', async () => {
    const p = await player(400);
    const req = (amount: number) =>
      p.api.post('/api/credits/withdrawal-request', {
        amount,
        cryptoType: 'BTC',
        cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      });
    const a = (await req(100)).json().data.transactionId;
    const b = (await req(200)).json().data.transactionId;
    expect((await cached(p.user.id)).balance).toBe(100);
    const rejected = await inTx((tx) =>
      rejectWithdrawal(tx, { transactionId: a, adminId, reason: 'address invalid' }, ctx.clock()),
    );
    expect(rejected.status).toBe('rejected');
    expect((await cached(p.user.id)).balance).toBe(200);
    const done = await inTx((tx) =>
      approveWithdrawal(tx, { transactionId: b, adminId, adminNote: 'paid: tx 123' }, ctx.clock()),
    );
    expect(done).toMatchObject({ status: 'completed', adminNote: 'paid: tx 123' });
    expect((await cached(p.user.id)).balance).toBe(200);
    await expect(
      inTx((tx) => rejectWithdrawal(tx, { transactionId: a, adminId, reason: 'again' }, ctx.clock())),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      inTx((tx) => rejectWithdrawal(tx, { transactionId: b, adminId, reason: 'late' }, ctx.clock())),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await cached(p.user.id)).balance).toBe(200);
    await expectNoDrift(p.user.id);
  });
});

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
      _id: expect.stringMatching(/^\d+$/),
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

describe('GET /api/credits/deposit-info', () => {
  it('lists the configured receiving addresses and the minimum', async () => {
    const local = await createTestApp({ depositAddresses: { BTC: 'bc1qreceive' } });
    try {
      const p = await registerPlayer(local.app);
      const res = await api(local.app, p.token).get('/api/credits/deposit-info');
      expect(res.json().data).toEqual({
        minDepositUsd: 10,
        addresses: { BTC: 'bc1qreceive', ETH: null, SOL: null, USDT: null, USDC: null },
      });
    } finally {
      await local.close();
    }
  });

  it('refuses a deposit or a dice purchase in a coin without a receiving address (issue 14)', async () => {
    const local = await createTestApp({ depositAddresses: { BTC: 'bc1qreceive' } });
    try {
      const p = await registerPlayer(local.app);
      const client = api(local.app, p.token);
      const dep = await client.post('/api/credits/deposit-request', { ...deposit, amount: 1, cryptoType: 'ETH' });
      expect(dep.statusCode).toBe(400);
      expect(dep.json().error).toMatchObject({ code: 'COIN_UNAVAILABLE', message: walletText.coinUnavailable('ETH') });
      const buy = await client.post('/api/dice-rolls/purchase-request', {
        diceRollsCount: 50,
        amount: 5,
        currency: 'sol',
      });
      expect(buy.statusCode).toBe(400);
      expect(buy.json().error).toMatchObject({ code: 'COIN_UNAVAILABLE', message: walletText.coinUnavailable('SOL') });
      const btc = await client.post('/api/credits/deposit-request', {
        ...deposit,
        amount: 0.01,
        cryptoType: 'BTC',
        reference: txHashFor('BTC'),
      });
      expect(btc.statusCode).toBe(201);
      const history = (await client.get('/api/credits/transactions')).json().data;
      expect(history.transactions.filter((t: { type: string }) => t.type !== 'reward')).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});

describe('refusal texts of the review state machine', () => {
  const attempt = async (fn: (tx: Tx) => Promise<unknown>) => {
    try {
      await inTx(fn);
    } catch (err) {
      return err as { statusCode: number; code: string; message: string };
    }
    throw new Error('expected a refusal');
  };

  it('names a missing or already processed transaction', async () => {
    const err = await attempt((tx) => rejectDeposit(tx, { transactionId: 987_654, adminId, reason: 'x' }, ctx.clock()));
    expect(err).toMatchObject({
      statusCode: 404,
      code: 'TRANSACTION_NOT_FOUND',
      message: moneyText.transactionNotFound,
    });
    const p = await player();
    const id = (await p.api.post('/api/credits/deposit-request', deposit)).json().data.transactionId;
    await inTx((tx) => rejectDeposit(tx, { transactionId: id, adminId, reason: 'x' }, ctx.clock()));
    const again = await attempt((tx) =>
      approveDeposit(tx, { transactionId: id, adminId, diceRollsCount: 5 }, ctx.clock()),
    );
    expect(again).toMatchObject({ statusCode: 409, code: 'ALREADY_PROCESSED', message: moneyText.alreadyProcessed });
  });

  it('refuses to credit a request whose player no longer exists (corrupted record)', async () => {
    const p = await player(300);
    const dep = (await p.api.post('/api/credits/deposit-request', deposit)).json().data.transactionId;
    const wd = (
      await p.api.post('/api/credits/withdrawal-request', {
        amount: 100,
        cryptoType: 'BTC',
        cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      })
    ).json().data.transactionId;
    // Legacy data: a player row removed behind the application's back.
    await deleteUserBehindTheAppsBack(ctx, p.user.id);
    const a = await attempt((tx) =>
      approveDeposit(tx, { transactionId: dep, adminId, diceRollsCount: 10 }, ctx.clock()),
    );
    expect(a).toMatchObject({ statusCode: 404, code: 'CORRUPTED_TRANSACTION', message: moneyText.corruptedDeposit });
    const b = await attempt((tx) => approveWithdrawal(tx, { transactionId: wd, adminId }, ctx.clock()));
    expect(b).toMatchObject({ statusCode: 404, message: moneyText.corruptedWithdrawal });
    // Still pending: the admin's cleanup can mark them failed.
    const rows = [await requestRow(dep), await requestRow(wd)];
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  it('grant names an unknown player', async () => {
    const res = await api(ctx.app, adminToken).post('/api/credits/grant', { userId: 424_242, amount: 5 });
    expect(res.json().error.message).toBe(moneyText.userNotFound);
  });
});

describe('OpenAPI', () => {
  it('documents every money route with tags and a summary', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const routes: [string, string][] = [
      ['/api/credits/balance', 'get'],
      ['/api/credits/spend', 'post'],
      ['/api/credits/grant', 'post'],
      ['/api/credits/deposit-request', 'post'],
      ['/api/credits/deposit-info', 'get'],
      ['/api/credits/withdrawal-request', 'post'],
      ['/api/credits/withdraw-request', 'post'],
      ['/api/credits/transactions', 'get'],
      ['/api/dice-rolls/purchase-request', 'post'],
      ['/api/referrals/my-code', 'get'],
      ['/api/referrals/accept', 'post'],
      ['/api/referrals/stats', 'get'],
      ['/api/referrals/friends', 'get'],
      ['/api/referrals/status', 'get'],
      ['/api/prices/latest', 'get'],
      ['/api/prices/quote', 'get'],
    ];
    for (const [path, method] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags.length).toBeGreaterThan(0);
      expect(op.summary).toBeTruthy();
    }
  });
});

describe('migration 0006: money amounts from REAL to exact minor units', () => {
  it.skipIf(process.env.TEST_DATABASE_URL)('converts every stored amount exactly, orphaned rows included', () => {
    const db = new BetterSqlite3(':memory:');
    const files = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const apply = (file: string) => {
      for (const part of readFileSync(join(migrationsDir, file), 'utf8').split('--> statement-breakpoint')) {
        if (part.trim() !== '') db.exec(part);
      }
    };
    const before = files.filter((f) => f < '0006');
    for (const f of before) apply(f);
    db.exec(`INSERT INTO users (id, username, email, password_hash, created_at) VALUES (1, 'u', 'u@x', 'h', 0)`);
    const insert = db.prepare(
      `INSERT INTO money_transactions (user_id, type, amount, currency, crypto_amount, usd_value, status, created_at,
         updated_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, 0)`,
    );
    insert.run(1, 'deposit', 0.1, 'ETH', null, 300.1);
    insert.run(1, 'purchase', 3.3, 'USD', 0.00016667, 3.3);
    insert.run(1, 'withdrawal', 150, 'GOGO', null, null);
    db.pragma('foreign_keys = OFF');
    insert.run(999, 'deposit', 0.00000001, 'BTC', null, null); // a player row gone: must not stop the migration
    db.pragma('foreign_keys = ON');
    for (const f of files.filter((x) => x >= '0006')) apply(f);
    const rows = db
      .prepare(
        'SELECT amount_units AS a, crypto_amount_units AS c, usd_value_units AS u FROM money_transactions ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      { a: 10_000_000, c: null, u: 30_010_000_000 },
      { a: 330_000_000, c: 16_667, u: 330_000_000 },
      { a: 15_000_000_000, c: null, u: null },
      { a: 1, c: null, u: null },
    ]);
    const columns = (db.prepare('PRAGMA table_info(money_transactions)').all() as { name: string }[]).map(
      (c) => c.name,
    );
    expect(columns).not.toContain('amount');
    db.close();
  });
});
