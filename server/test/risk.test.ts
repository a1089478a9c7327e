import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskText } from '@gogo/shared/messages';
import { defaultProductionSettings, defaultWithdrawRules } from '../src/settings/index.js';
import { sql } from '../src/db/sql.js';
import { freeShare, RISK_WEIGHTS } from '../src/modules/risk/score.js';
import { createTestApp, PAYOUT, registerPlayer, type TestContext } from './helpers.js';
import {
  api,
  createTestAdmin,
  makeEligibleToWithdraw,
  markEmailVerified,
  postFor,
  txHashFor,
} from './money-helpers.js';

const DAY = 86_400_000;
const insertAddress = sql<{ userId: number; kind: string; ip: string; deviceId: string; now: number }>(
  `INSERT INTO account_addresses (user_id, kind, ip, device_id, first_seen_at, last_seen_at, count)
   VALUES (:userId, :kind, :ip, :deviceId, :now, :now, 1)`,
);
// Sign-up and login record rows of their own (the login part of account security): this file writes its own.
const clearAddresses = sql('DELETE FROM account_addresses');

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  // Young accounts must be able to withdraw here: the score is about them (the age rule has its own tests).
  // The risk score reads withdrawals of free-play winnings: the rule that holds them back is off here.
  ctx = await createTestApp({
    withdrawRules: { ...defaultWithdrawRules, minAccountAgeHours: 0 },
    production: { ...defaultProductionSettings, signupsPerIpPerHour: 0, freeWinsNeedDeposit: false },
  });
  admin = (await createTestAdmin(ctx)).token;
});
afterAll(async () => ctx.close());

async function player() {
  const p = await registerPlayer(ctx.app);
  await markEmailVerified(ctx.database, p.user.id, ctx.clock());
  return { ...p, id: p.user.id, api: api(ctx.app, p.token) };
}
type P = Awaited<ReturnType<typeof player>>;

const seen = (p: P, kind: string, ip: string, deviceId = '') =>
  ctx.database.write((tx) => tx.run(insertAddress, { userId: p.id, kind, ip, deviceId, now: ctx.clock() }));

async function withdraw(p: P, amount = 100): Promise<number> {
  const res = await p.api.post('/api/credits/withdrawal-request', {
    amount,
    cryptoType: 'SOL',
    cryptoAddress: PAYOUT.SOL,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.transactionId;
}

const riskOf = async (ids: number[], token = admin) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/admin/withdrawal-risk?ids=${ids.join(',')}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('GET /api/admin/withdrawal-risk', () => {
  let a: P, b: P, c: P, d: P;
  let ids: { a: number; b: number[]; c: number; d: number };

  beforeAll(async () => {
    [a, b, c, d] = [await player(), await player(), await player(), await player()];
    // b joined through a's referral code
    const code = (await a.api.get('/api/referrals/my-code')).json().data.referralCode;
    expect((await b.api.post('/api/referrals/accept', { code })).statusCode).toBe(200);
    await ctx.database.write((tx) => tx.run(clearAddresses, {}));
    // a and b signed up from one address; b and c share a device; d is alone
    await seen(a, 'signup', '203.0.113.5');
    await seen(b, 'signup', '203.0.113.5', 'device-b');
    await seen(b, 'login', '198.51.100.7', 'device-shared');
    await seen(c, 'login', '192.0.2.44', 'device-shared');
    await seen(d, 'signup', '192.0.2.99', 'device-d');
    // a, b, c earn on the board with free dice only; d buys dice and plays them
    for (const p of [a, b, c]) {
      await postFor(ctx, p.id, [{ asset: 'GOGO', amount: 900, type: 'reward', reason: 'tile:3' }]);
    }
    await makeEligibleToWithdraw(ctx.database, d.id, ctx.clock()); // a month-old account
    const dep = await d.api.post('/api/credits/deposit-request', {
      amount: 20,
      cryptoType: 'USDT',
      cryptoAddress: 'sender',
      reference: txHashFor('USDT'),
    });
    const approve = await api(ctx.app, admin).post('/api/admin/approve-deposit', {
      transactionId: dep.json().data.transactionId,
      diceRollsCount: 200,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await postFor(ctx, d.id, [{ asset: 'GOGO', amount: 300, type: 'reward', reason: 'tile:3' }]);
    ids = {
      a: await withdraw(a),
      b: [await withdraw(b), await withdraw(b), await withdraw(b)],
      c: await withdraw(c),
      d: await withdraw(d),
    };
  });

  it('scores b with every reason and its weight, and links a (address, referral) and c (device)', async () => {
    const res = await riskOf([ids.b[2]!]);
    expect(res.statusCode, res.body).toBe(200);
    const [risk] = res.json().data.risks;
    expect(risk).toMatchObject({ transactionId: ids.b[2], userId: b.id, score: 100, level: 'high' });
    expect(risk.reasons).toEqual([
      { kind: 'shared_address', weight: RISK_WEIGHTS.sharedAddress, text: riskText.sharedAddress(1) },
      { kind: 'shared_device', weight: RISK_WEIGHTS.sharedDevice, text: riskText.sharedDevice(1) },
      { kind: 'referral_chain', weight: RISK_WEIGHTS.referralChain, text: riskText.referralChain(1) },
      // a referred b from b's own address: no referral reward, and the link is named.
      {
        kind: 'referral_same_origin',
        weight: RISK_WEIGHTS.referralSameOrigin,
        text: riskText.referralSameOrigin(1),
      },
      { kind: 'no_deposit', weight: RISK_WEIGHTS.noDeposit, text: riskText.noDeposit },
      { kind: 'free_earnings', weight: RISK_WEIGHTS.freeEarnings, text: riskText.freeEarnings(100) },
      { kind: 'velocity_count', weight: RISK_WEIGHTS.velocityCount, text: riskText.velocityCount(3) },
      { kind: 'velocity_new_account', weight: RISK_WEIGHTS.newAccountWithinDay, text: riskText.velocityNewAccount(0) },
    ]);
    expect(risk.linkedAccounts).toEqual(
      [
        { userId: a.id, username: a.user.username, via: ['address', 'referral'] },
        { userId: c.id, username: c.user.username, via: ['device'] },
      ].sort((x, y) => x.userId - y.userId),
    );
  });

  it('a paying, month-old, unlinked player scores 0 with no reasons', async () => {
    const [risk] = (await riskOf([ids.d])).json().data.risks;
    expect(risk).toEqual({
      transactionId: ids.d,
      userId: d.id,
      score: 0,
      level: 'low',
      reasons: [],
      linkedAccounts: [],
    });
  });

  it('c shares only a device with b: a medium score from the device, no deposit, free play and a fast first withdrawal', async () => {
    const [risk] = (await riskOf([ids.c])).json().data.risks;
    expect(risk.reasons.map((r: { kind: string }) => r.kind)).toEqual([
      'shared_device',
      'no_deposit',
      'free_earnings',
      'velocity_new_account',
    ]);
    expect(risk.score).toBe(30 + 15 + 15 + 15);
    expect(risk.level).toBe('high');
    expect(risk.linkedAccounts).toEqual([{ userId: b.id, username: b.user.username, via: ['device'] }]);
  });

  it('answers several ids at once, leaves out unknown and decided ones, and is for admins only', async () => {
    const rejected = ids.b[0]!;
    const reject = await api(ctx.app, admin).post('/api/admin/reject-withdrawal', {
      transactionId: rejected,
      reason: 'x',
    });
    expect(reject.statusCode).toBe(200);
    const res = await riskOf([ids.a, rejected, 999_999, ids.d, ids.a]);
    expect(res.json().data.risks.map((r: { transactionId: number }) => r.transactionId)).toEqual([ids.a, ids.d]);
    expect((await riskOf([ids.a], a.token)).statusCode).toBe(403);
    for (const bad of ['abc', '0', '1,,2', '-1', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const r = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/withdrawal-risk?ids=${bad}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(r.statusCode, bad).toBe(400);
    }
  });

  it('the free share splits board wins by the dice that paid for them', () => {
    expect(freeShare({ playGogo: 0, bonusGogo: 0, freeDice: 10, paidDice: 0 })).toBeNull();
    expect(freeShare({ playGogo: 100, bonusGogo: 0, freeDice: 10, paidDice: 90 })).toBeCloseTo(0.1);
    expect(freeShare({ playGogo: 100, bonusGogo: 100, freeDice: 10, paidDice: 90 })).toBeCloseTo(0.55);
  });

  it('a first withdrawal a few days after sign-up weighs less than one within a day', async () => {
    const e = await player();
    await postFor(ctx, e.id, [{ asset: 'GOGO', amount: 500, type: 'reward', reason: 'tile:3' }]);
    ctx.clock.advance(3 * DAY);
    const id = await withdraw(e);
    const freshAdmin = (await createTestAdmin(ctx)).token; // the first admin token has expired by now
    const [risk] = (await riskOf([id], freshAdmin)).json().data.risks;
    expect(risk.reasons.at(-1)).toEqual({
      kind: 'velocity_new_account',
      weight: RISK_WEIGHTS.newAccountWithinWeek,
      text: riskText.velocityNewAccount(3),
    });
  });
});
