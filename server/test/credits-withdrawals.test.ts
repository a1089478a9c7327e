import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyText, validationText, walletText } from '@gogo/shared/messages';
import { createTestApp, PAYOUT, type TestContext } from './helpers.js';
import { moneyFixtures } from './money-fixtures.js';

// A player's withdrawal requests: the amount is held at once, and concurrent requests never overdraw.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const { player, cached, expectNoDrift, requestRow } = moneyFixtures(() => ctx);

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
    // The address must have the shape of the chosen coin's (an 0x address was taken as SOL).
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
