import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputRuleText, txReferenceShapeText } from '@gogo/shared/messages';
import { defaultInputLimits } from '../src/settings/index.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { api, creditGogo, createTestAdmin, makeEligibleToWithdraw, txHashFor } from './money-helpers.js';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await createTestAdmin(ctx)).token;
});
afterAll(async () => ctx.close());

const isEnvelope = (body: any) =>
  body?.success === false && typeof body.error?.code === 'string' && typeof body.error?.message === 'string';

async function player(gogo = 0) {
  const p = await registerPlayer(ctx.app);
  await creditGogo(ctx, p.user.id, gogo);
  await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
  return { ...p, api: api(ctx.app, p.token) };
}

const deposit = (coin = 'USDT', reference = txHashFor(coin)) => ({
  amount: coin === 'BTC' ? 0.001 : coin === 'SOL' ? 1 : 20,
  cryptoType: coin,
  cryptoAddress: 'sender-address',
  reference,
});

describe('request bodies are not coerced', () => {
  const bad = [true, [100], '0x64', '1e3', { value: 100 }, ' 1e2', 'Infinity', false];

  it.each(bad.map((v) => [JSON.stringify(v), v]))('a deposit amount of %s is 400', async (_label, amount) => {
    const p = await player();
    const res = await p.api.post('/api/credits/deposit-request', { ...deposit(), amount });
    expect(res.statusCode, res.body).toBe(400);
    expect(isEnvelope(res.json())).toBe(true);
  });

  it.each(bad.map((v) => [JSON.stringify(v), v]))(
    'a withdrawal amount of %s is 400 and holds nothing',
    async (_l, amount) => {
      const p = await player(2000);
      const res = await p.api.post('/api/credits/withdrawal-request', {
        amount,
        cryptoType: 'SOL',
        cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect((await p.api.get('/api/credits/balance')).json().data.balance).toBe(2000);
    },
  );

  it('integer fields refuse strings, booleans and arrays (grant, friend request, spend)', async () => {
    const p = await player(100);
    const q = await player();
    for (const amount of ['100', true, [100], '0x64', '1e3']) {
      const grant = await api(ctx.app, adminToken).post('/api/credits/grant', { userId: p.user.id, amount });
      expect(grant.statusCode, JSON.stringify(amount)).toBe(400);
      expect(grant.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const toUserId of [String(q.user.id), [q.user.id], true]) {
      const res = await p.api.post('/api/user/friend-request', { toUserId });
      expect(res.statusCode, JSON.stringify(toUserId)).toBe(400);
    }
    for (const amount of [true, [10], '0x0a', '1e1']) {
      const res = await p.api.post('/api/credits/spend', { amount, idempotencyKey: `k-${JSON.stringify(amount)}` });
      expect(res.statusCode, JSON.stringify(amount)).toBe(400);
    }
    expect((await p.api.get('/api/credits/balance')).json().data.balance).toBe(100);
    // the same bodies with real numbers pass
    expect(
      (await api(ctx.app, adminToken).post('/api/credits/grant', { userId: p.user.id, amount: 5 })).statusCode,
    ).toBe(200);
    expect((await p.api.post('/api/user/friend-request', { toUserId: q.user.id })).statusCode).toBe(201);
  });

  it('querystrings and params still parse their strings', async () => {
    const p = await player();
    const page = await p.api.get('/api/credits/transactions?limit=5&offset=0');
    expect(page.statusCode).toBe(200);
    expect(page.json().data.limit).toBe(5);
    expect((await p.api.get('/api/credits/transactions?limit=abc')).statusCode).toBe(400);
    expect((await p.api.get(`/api/user/friends/${p.user.id}`)).statusCode).toBe(200);
    expect((await api(ctx.app).get('/api/prices/quote?usd=25')).statusCode).toBe(200);
  });

  it('usd=1e400 (Infinity) and other absurd quotes are 400 in the envelope', async () => {
    for (const usd of ['1e400', 'Infinity', 'NaN', '-1', '1e10', '']) {
      const res = await api(ctx.app).get(`/api/prices/quote?usd=${usd}`);
      expect(res.statusCode, usd).toBe(400);
      expect(isEnvelope(res.json())).toBe(true);
    }
  });
});

describe('transport limits', () => {
  it('an over-long path is 414 in the envelope, on any route', async () => {
    for (const url of [
      `/api/credits/transactions?x=${'a'.repeat(3000)}`,
      `/api/${'b'.repeat(2100)}`,
      `/${'c'.repeat(5000)}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({
        success: false,
        error: { code: 'URI_TOO_LONG', message: inputRuleText.uriTooLong },
      });
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/health?x=${'a'.repeat(1900)}` })).statusCode).toBe(200);
  });

  it('paths Fastify cannot route answer in the envelope: an over-long parameter 414, a bad escape 400', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/api/player-stats/user/${'a'.repeat(400)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, error: { code: 'URI_TOO_LONG', message: inputRuleText.uriTooLong } });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/player-stats/user/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: inputRuleText.badUrl } });
  });

  it('a multipart request without a boundary is 400 in the envelope', async () => {
    const p = await player();
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; charset=utf-8',
      'multipart/form-data; boundary=',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/user/avatar/${p.user.id}`,
        headers: { ...bearer(p.token), 'content-type': type },
        payload: 'not really multipart',
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json().error).toEqual({ code: 'INVALID_MULTIPART', message: inputRuleText.multipartBoundary });
    }
  });
});

describe('deposit references and pending deposits', () => {
  it.each([
    ['BTC', txHashFor('BTC'), true],
    ['BTC', `0x${'ab'.repeat(32)}`, false],
    ['BTC', 'ab'.repeat(31), false],
    ['ETH', txHashFor('ETH'), true],
    ['ETH', 'ab'.repeat(32), false],
    ['ETH', `0x${'zz'.repeat(32)}`, false],
    ['USDT', txHashFor('USDT'), true],
    ['USDC', `0x${'AB'.repeat(32)}`, true],
    ['SOL', txHashFor('SOL'), true],
    ['SOL', '5'.repeat(79), false],
    ['SOL', '5'.repeat(91), false],
    ['SOL', `${'5'.repeat(86)}0`, false], // 0 is not base58
  ])('a %s reference %s is accepted: %s', async (coin, reference, accepted) => {
    const p = await player();
    const res = await p.api.post('/api/credits/deposit-request', deposit(coin, reference));
    if (accepted) {
      expect(res.statusCode, res.body).toBe(201);
      const row = (await p.api.get('/api/credits/transactions')).json().data.transactions[0];
      expect(row.metadata.reference).toBe(reference);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'INVALID_REFERENCE',
        message: inputRuleText.referenceShape(coin, txReferenceShapeText(coin)),
        details: { field: 'reference' },
      });
    }
  });

  it('a deposit without any reference is 400 with its text', async () => {
    const p = await player();
    const { reference: _drop, ...withoutReference } = deposit();
    const res = await p.api.post('/api/credits/deposit-request', withoutReference);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(inputRuleText.referenceRequired);
  });

  it('a purchase reference, when given, has its coin shape too', async () => {
    const p = await player();
    const res = await p.api.post('/api/dice-rolls/purchase-request', {
      diceRollsCount: 100,
      amount: 10,
      currency: 'USDT',
      reference: 'my order',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_REFERENCE');
  });

  it(`at most ${defaultInputLimits.maxPendingDeposits} deposits and purchases wait at once (429 with a clear text)`, async () => {
    const p = await player();
    expect((await p.api.post('/api/credits/deposit-request', deposit())).statusCode).toBe(201);
    expect((await p.api.post('/api/credits/deposit-request', deposit('BTC'))).statusCode).toBe(201);
    expect((await p.api.post('/api/dice-rolls/purchase-request', { diceRollsCount: 50, amount: 5 })).statusCode).toBe(
      201,
    );
    const res = await p.api.post('/api/credits/deposit-request', deposit());
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'TOO_MANY_PENDING_DEPOSITS',
      message: inputRuleText.tooManyPendingDeposits(3),
    });
    const purchase = await p.api.post('/api/dice-rolls/purchase-request', { diceRollsCount: 50, amount: 5 });
    expect(purchase.statusCode).toBe(429);
    // concurrent requests of another player cannot slip past the limit together
    const q = await player();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => q.api.post('/api/credits/deposit-request', deposit())),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
  });
});

describe('per-player write rate limit', () => {
  it('limits each player on the write routes, by player and not by address, and resets after a minute', async () => {
    const limited = await createTestApp({ inputLimits: { maxPendingDeposits: 100, writesPerMinute: 3 } });
    try {
      const a = await registerPlayer(limited.app);
      const b = await registerPlayer(limited.app);
      const send = (token: string, toUserId: number) =>
        api(limited.app, token).post('/api/credits/deposit-request', { ...deposit(), note: String(toUserId) });
      for (let i = 0; i < 3; i += 1) expect((await send(a.token, i)).statusCode).toBe(201);
      const over = await send(a.token, 4);
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toEqual({ code: 'RATE_LIMIT_EXCEEDED', message: inputRuleText.writeRateLimit });
      // same address, another player: not limited
      expect((await send(b.token, 5)).statusCode).toBe(201);
      // reads are not limited
      expect((await api(limited.app, a.token).get('/api/credits/balance')).statusCode).toBe(200);
      limited.clock.advance(61_000);
      expect((await send(a.token, 6)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
