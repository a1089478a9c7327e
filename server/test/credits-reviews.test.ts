import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyText, validationText } from '@gogo/shared/messages';
import type { Tx } from '../src/db/sql.js';
import { approveDeposit, approveWithdrawal, rejectDeposit, rejectWithdrawal } from '../src/modules/credits/reviews.js';
import { createTestApp, type TestContext } from './helpers.js';
import { api, createTestAdmin, deleteUserBehindTheAppsBack, sumsOf } from './money-helpers.js';
import { deposit, moneyFixtures } from './money-fixtures.js';

// The review state machine the admin routes use: each request is approved or rejected once, and
// every refusal names its cause.

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

const { player, cached, expectNoDrift, inTx, requestRow } = moneyFixtures(() => ctx);

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
