import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { depositValueText, productionText } from '@gogo/shared/messages';
import { sql } from '../src/db/sql.js';
import { defaultProductionSettings } from '../src/settings/index.js';
import { createTestApp, newPlayer, registerPlayer, type TestContext } from './helpers.js';
import { api, createTestAdmin, creditGogo, makeEligibleToWithdraw, postFor, txHashFor } from './money-helpers.js';
import { connectSocket } from './realtime-helpers.js';

const lastAudit = sql<{ id: number }, { after: string }>(
  `SELECT after FROM admin_audit_log WHERE action = 'approve_deposit' AND target_id = :id ORDER BY id DESC LIMIT 1`,
);

// Free-play farming, the bounds of an approval, hashes per chain, body limits and what the logs may hold.
const withdrawal = (amount: number) => ({
  amount,
  cryptoType: 'ETH',
  cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
});

describe('sign-ups per address', () => {
  it('at most SIGNUPS_PER_IP_PER_HOUR accounts per address and hour, even sent at once', async () => {
    const ctx = await createTestApp({
      trustProxy: ['127.0.0.1'],
      production: { ...defaultProductionSettings, signupsPerIpPerHour: 10 },
    });
    try {
      const signUp = (from: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'x-forwarded-for': from },
          payload: newPlayer('farm'),
        });
      const answers = await Promise.all(Array.from({ length: 40 }, () => signUp('203.0.113.7')));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(refused.json().error).toEqual({ code: 'RATE_LIMIT_EXCEEDED', message: productionText.tooManySignups });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Other addresses are not affected; the address gets a new allowance the next hour.
      expect((await signUp('198.51.100.3')).statusCode).toBe(201);
      ctx.clock.advance(60 * 60_000);
      expect((await signUp('203.0.113.7')).statusCode).toBe(201);
    } finally {
      await ctx.close();
    }
  });
});

describe('money rules', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('GOGO won with free dice is withdrawable only once approved deposits reach $10 in total', async () => {
    const p = await registerPlayer(ctx.app);
    await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
    // 900 GOGO won on the board and by the prizes of play, and 200 granted by an admin (a grant stands
    // outside free play).
    await postFor(ctx, p.user.id, [
      { asset: 'GOGO', amount: 500, type: 'reward', reason: 'tile:7' },
      { asset: 'GOGO', amount: 100, type: 'prize', reason: 'event_prize:1:1' },
      { asset: 'GOGO', amount: 100, type: 'reward', reason: 'challenge:roll_10' },
      { asset: 'GOGO', amount: 100, type: 'prize', reason: 'friends_race:2026-W48' },
      { asset: 'GOGO', amount: 100, type: 'reward', reason: 'board_complete:1' },
    ]);
    await creditGogo(ctx, p.user.id, 200);
    const player = api(ctx.app, p.token);
    const balance = (await player.get('/api/credits/balance')).json().data;
    expect(balance).toMatchObject({ balance: 1100, withdrawable: 200 });
    const refused = await player.post('/api/credits/withdrawal-request', withdrawal(300));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'WITHDRAW_FREE_WINS_LOCKED',
      message: productionText.freeWinsLocked(200),
    });
    expect((await player.post('/api/credits/withdrawal-request', withdrawal(200))).statusCode).toBe(201);

    const admin = await createTestAdmin(ctx);
    const dep = await player.post('/api/credits/deposit-request', {
      amount: 0.5,
      cryptoType: 'ETH',
      cryptoAddress: '0xsender',
      reference: txHashFor('ETH'),
    });
    expect(dep.statusCode).toBe(201);
    const approve = await api(ctx.app, admin.token).post('/api/admin/approve-deposit', {
      transactionId: dep.json().data.transactionId,
      diceRollsCount: 10,
    });
    expect(approve.statusCode).toBe(200);
    expect((await player.get('/api/credits/balance')).json().data).toMatchObject({ balance: 900, withdrawable: 900 });
    expect((await player.post('/api/credits/withdrawal-request', withdrawal(300))).statusCode).toBe(201);
  });

  it('approve-deposit bounds gogoAmount (and dice) like the admin grant', async () => {
    const p = await registerPlayer(ctx.app);
    const admin = await createTestAdmin(ctx);
    const dep = await api(ctx.app, p.token).post('/api/credits/deposit-request', {
      amount: 20,
      cryptoType: 'USDT',
      cryptoAddress: '0xsender',
      reference: txHashFor('USDT'),
    });
    const transactionId = dep.json().data.transactionId as number;
    const review = api(ctx.app, admin.token);
    const huge = await review.post('/api/admin/approve-deposit', {
      transactionId,
      diceRollsCount: 10,
      gogoAmount: 1e15,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.code).toBe('INVALID_AMOUNT');
    const dice = await review.post('/api/admin/approve-deposit', { transactionId, diceRollsCount: 1e12 });
    expect(dice.statusCode).toBe(400);
    const ok = await review.post('/api/admin/approve-deposit', { transactionId, diceRollsCount: 10, gogoAmount: 100 });
    expect(ok.statusCode).toBe(200);
  });

  it('approve-deposit credits at most the value (10 dice a dollar, or GOGO at the launch price) plus 10%, unless a reason is given', async () => {
    const p = await registerPlayer(ctx.app);
    const admin = await createTestAdmin(ctx);
    const review = api(ctx.app, admin.token);
    const deposit = async () =>
      (
        await api(ctx.app, p.token).post('/api/credits/deposit-request', {
          amount: 20,
          cryptoType: 'USDT',
          cryptoAddress: '0xsender',
          reference: txHashFor('USDT'),
        })
      ).json().data.transactionId as number;
    const transactionId = await deposit();
    // 20 USD: at most 220 dice, or 220 GOGO at 0.10 USD, or a mix worth 22 USD.
    const queue = (await review.get('/api/admin/pending-deposits')).json().data.pendingDeposits;
    expect(queue.find((d: { transactionId: number }) => d.transactionId === transactionId).approvalBound).toEqual({
      usdValue: 20,
      dice: 220,
      gogo: 220,
    });
    const tooManyDice = await review.post('/api/admin/approve-deposit', { transactionId, diceRollsCount: 221 });
    expect(tooManyDice.statusCode).toBe(400);
    expect(tooManyDice.json().error).toMatchObject({
      code: 'APPROVAL_OVER_BOUND',
      details: { field: 'diceRollsCount' },
      message: depositValueText.approvalOverBound(
        'diceRollsCount',
        depositValueText.approvalBoundHint(220, 220, '20.00'),
      ),
    });
    const tooMuchGogo = await review.post('/api/admin/approve-deposit', {
      transactionId,
      diceRollsCount: 200,
      gogoAmount: 21,
    });
    expect(tooMuchGogo.statusCode).toBe(400);
    expect(tooMuchGogo.json().error).toMatchObject({ code: 'APPROVAL_OVER_BOUND', details: { field: 'gogoAmount' } });
    expect(
      (await review.post('/api/admin/approve-deposit', { transactionId, diceRollsCount: 200, gogoAmount: 20 }))
        .statusCode,
    ).toBe(200);

    // Above the bound with a reason: credited, and the reason is in the audit log.
    const second = await deposit();
    const reason = 'Goodwill for the outage on launch day';
    const generous = await review.post('/api/admin/approve-deposit', {
      transactionId: second,
      diceRollsCount: 500,
      reason,
    });
    expect(generous.statusCode).toBe(200);
    const audit = await ctx.database.read.get(lastAudit, { id: second });
    expect(JSON.parse(audit!.after)).toMatchObject({ diceRollsCredited: 500, overBoundReason: reason });
  });

  it('one transaction hash claims one deposit on its chain: USDT and USDC share the EVM chain', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const hash = txHashFor('USDT');
    const body = (cryptoType: string) => ({ amount: 20, cryptoType, cryptoAddress: '0xsender', reference: hash });
    const [usdt, usdc] = await Promise.all([
      api(ctx.app, a.token).post('/api/credits/deposit-request', body('USDT')),
      api(ctx.app, b.token).post('/api/credits/deposit-request', body('USDC')),
    ]);
    expect([usdt.statusCode, usdc.statusCode].sort()).toEqual([201, 409]);
    const eth = await api(ctx.app, a.token).post('/api/credits/deposit-request', { ...body('ETH'), amount: 0.5 });
    expect(eth.statusCode).toBe(409);
  });

  it('answers a body over the limit with 413 in the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'PAYLOAD_TOO_LARGE', message: productionText.payloadTooLarge },
    });
  });
});

describe('what the logs hold', () => {
  it('in production without SMTP_URL: a warning at start, and only the outbox file path per mail', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const ctx = await createTestApp({ env: 'production' }, { logger: { level: 'info', stream } });
    try {
      expect(lines.some((l) => l.includes('SMTP_URL is not set') && l.includes('"level":40'))).toBe(true);
      await registerPlayer(ctx.app);
      await vi.waitFor(() => expect(lines.some((l) => l.includes('mail written to the outbox'))).toBe(true), {
        timeout: 10_000,
      });
      const mailLine = lines.find((l) => l.includes('mail written to the outbox'))!;
      expect(JSON.parse(mailLine)).toMatchObject({ file: expect.stringContaining('outbox') });
      expect(mailLine).not.toMatch(/https?:\/\//);
      expect(mailLine).not.toContain('"to"');
    } finally {
      await ctx.close();
    }
  });

  it('an oversized WebSocket frame is logged at info without a stack', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const ctx = await createTestApp({}, { logger: { level: 'info', stream } });
    try {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await connectSocket(`${address.replace('http', 'ws')}/api/ws`);
      socket.send({ type: 'ping', pad: 'x'.repeat(10_000) });
      expect((await socket.closed).code).toBe(1009);
      await vi.waitFor(() => expect(lines.some((l) => l.includes('websocket closed'))).toBe(true));
      const line = JSON.parse(lines.find((l) => l.includes('websocket closed'))!) as { level: number; stack?: string };
      expect(line.level).toBe(30);
      expect(JSON.stringify(line)).not.toContain('"stack"');
      expect(lines.filter((l) => l.includes('"level":50'))).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
