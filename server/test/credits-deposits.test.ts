import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputRuleText, moneyText, txReferenceShapeText, validationText, walletText } from '@gogo/shared/messages';
import { createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { api, sumsOf, txHashFor } from './money-helpers.js';
import { deposit, moneyFixtures } from './money-fixtures.js';

// A player's deposit and dice purchase requests (pending until an admin reviews them) and the
// receiving addresses they are paid to.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const { player, requestRow } = moneyFixtures(() => ctx);

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

  it('refuses a deposit or a dice purchase in a coin without a receiving address', async () => {
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
