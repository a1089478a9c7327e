import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyText, validationText } from '@gogo/shared/messages';
import { createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { api, cachedOf, createTestAdmin } from './money-helpers.js';
import { moneyFixtures } from './money-fixtures.js';

// The player's GOGO balance, spending it once per idempotency key, and the admin's grant.

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await createTestAdmin(ctx)).token;
});
afterAll(async () => ctx.close());

const { player, cached, expectNoDrift } = moneyFixtures(() => ctx);

describe('GET /api/credits/balance', () => {
  it('answers the GOGO balance, dice rolls and held withdrawals of the player', async () => {
    const p = await player(250);
    const res = await p.api.get('/api/credits/balance');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      balance: 250,
      diceRollsRemaining: 10,
      pendingWithdrawals: 0,
      withdrawable: 250,
      currency: 'GOGO',
    });
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

  it('refuses a different body under a used key with 409', async () => {
    const p = await player(100);
    await p.api.post('/api/credits/spend', { amount: 10, idempotencyKey: 'k' });
    const res = await p.api.post('/api/credits/spend', { amount: 11, idempotencyKey: 'k' });
    expect(res.statusCode).toBe(409);
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
