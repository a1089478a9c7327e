import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralAppliedPlaceholder, referralText, riskText, validationText } from '@gogo/shared/messages';
import { REFERRAL_CODE_ALPHABET, REFERRAL_REWARD_GOGO, REFERRAL_ROLLS_REQUIRED } from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { createReferralsService } from '../src/modules/referrals/service.js';
import { ledgerSumsOf, postLedgerTx } from '../src/modules/ledger/postings.js';
import { createTestApp, newPlayer, registerPlayer, type TestContext } from './helpers.js';
import { api, createTestAdmin, txHashFor } from './money-helpers.js';
import { expectLedgerConsistent, grantDice, rollOnce } from './engine-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  // Sign-up addresses come from X-Forwarded-For here: the reward depends on them.
  ctx = await createTestApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(async () => ctx.close());

async function player() {
  const p = await registerPlayer(ctx.app);
  return { ...p, api: api(ctx.app, p.token) };
}
type Player = Awaited<ReturnType<typeof player>>;

async function codeOf(p: Player): Promise<string> {
  return (await p.api.get('/api/referrals/my-code')).json().data.referralCode;
}

async function refer(friend: Player, referrer: Player) {
  return friend.api.post('/api/referrals/accept', { code: await codeOf(referrer) });
}

const referralEntries = sql<
  Record<string, never>,
  {
    userId: number;
    asset: string;
    amount: number;
    type: string;
    refType: string | null;
    refId: number | null;
    createdAt: number;
  }
>(
  `SELECT user_id AS "userId", asset, amount, type, ref_type AS "refType", ref_id AS "refId", created_at AS "createdAt"
   FROM ledger_entries WHERE reason = 'referral' ORDER BY id`,
);
const rewardPaidAt = sql<{ userId: number }, { rewardPaidAt: number | null }>(
  'SELECT reward_paid_at AS "rewardPaidAt" FROM referrals WHERE user_id = :userId',
);

const gogo = async (userId: number) => (await ledgerSumsOf(ctx.database.read, userId)).GOGO;
const referralRewardsOf = async (userId: number) =>
  (await ctx.database.read.all(referralEntries, {})).filter((e) => e.userId === userId);

describe('GET /api/referrals/my-code', () => {
  it('issues one code per player, stable, 8 characters of the unambiguous alphabet', async () => {
    const p = await player();
    const code = await codeOf(p);
    expect(code).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));
    expect(code).not.toMatch(/[0O1IL]/);
    expect(await codeOf(p)).toBe(code);
  });

  it('codes are unique (a colliding draw is redrawn)', async () => {
    // A random source that repeats the first code once, then moves on.
    const draws = [new Uint8Array(16).fill(0), new Uint8Array(16).fill(0), new Uint8Array(16).fill(1)];
    const service = createReferralsService({ database: ctx.database, clock: ctx.clock, random: () => draws.shift()! });
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const codeA = await service.myCode(a.user.id);
    const codeB = await service.myCode(b.user.id);
    expect(codeA).toBe('AAAAAAAA');
    expect(codeB).toBe('BBBBBBBB');
  });
});

describe('POST /api/referrals/accept', () => {
  it("applies a friend's code once and names the referrer; input is trimmed and case-insensitive", async () => {
    const referrer = await player();
    const friend = await player();
    const code = await codeOf(referrer);
    const res = await friend.api.post('/api/referrals/accept', { code: `  ${code.toLowerCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ referredBy: referrer.user.username });
    const status = (await friend.api.get('/api/referrals/status')).json().data;
    expect(status).toEqual({
      hasApplied: true,
      referrerUsername: referrer.user.username,
      referredBy: referrer.user.username,
    });
    expect(referralAppliedPlaceholder(status.referrerUsername)).toBe(
      `Referral applied from @${referrer.user.username}`,
    );
    const again = await refer(friend, await player());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'REFERRAL_ALREADY_APPLIED',
      message: referralText.alreadyApplied,
    });
  });

  it.each(['', '   ', 'abc', ' ab '])('refuses %j with "Enter a valid code"', async (code) => {
    const p = await player();
    const res = await p.api.post('/api/referrals/accept', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_REFERRAL_CODE',
      message: validationText.referralCodeInvalid,
    });
  });

  it('refuses an unknown code', async () => {
    const p = await player();
    for (const code of ['ZZZZ9999', 'O0O0I1L1']) {
      const res = await p.api.post('/api/referrals/accept', { code });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(referralText.codeNotFound);
    }
  });

  it("refuses the player's own code", async () => {
    const p = await player();
    const res = await p.api.post('/api/referrals/accept', { code: await codeOf(p) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'REFERRAL_OWN_CODE', message: referralText.ownCode });
    expect((await p.api.get('/api/referrals/status')).json().data.hasApplied).toBe(false);
  });

  it('refuses loops: a referred b, b referred c, so c cannot refer a', async () => {
    const a = await player();
    const b = await player();
    const c = await player();
    expect((await refer(b, a)).statusCode).toBe(200);
    expect((await refer(c, b)).statusCode).toBe(200);
    const direct = await refer(a, b);
    expect(direct.statusCode).toBe(400);
    expect(direct.json().error).toMatchObject({ code: 'REFERRAL_LOOP', message: referralText.loop });
    const indirect = await refer(a, c);
    expect(indirect.json().error.message).toBe(referralText.loop);
    expect((await a.api.get('/api/referrals/status')).json().data.hasApplied).toBe(false);
  });

  it('needs a player token', async () => {
    expect((await api(ctx.app).post('/api/referrals/accept', { code: 'ABCD' })).statusCode).toBe(401);
  });
});

describe('codes of deleted accounts', () => {
  it('cannot be applied once their owner deleted the account', async () => {
    const referrer = await player();
    const code = await codeOf(referrer);
    const gone = await referrer.api.post(`/api/user/delete/${referrer.user.id}`, { password: referrer.password });
    expect(gone.statusCode).toBe(200);
    const res = await (await player()).api.post('/api/referrals/accept', { code });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(referralText.codeNotFound);
  });
});

describe('stats, friends and status', () => {
  it('count and list the friends who applied the code, newest first, with their progress', async () => {
    const referrer = await player();
    const f1 = await player();
    const f2 = await player();
    await refer(f1, referrer);
    ctx.clock.advance(5000);
    await refer(f2, referrer);
    const stats = (await referrer.api.get('/api/referrals/stats')).json().data;
    expect(stats).toEqual({
      referredCount: 2,
      rewardedCount: 0,
      totalRewards: 0,
      rollsRequired: REFERRAL_ROLLS_REQUIRED,
      rewardPerFriend: REFERRAL_REWARD_GOGO,
    });
    const friends = (await referrer.api.get('/api/referrals/friends')).json().data.friends;
    expect(friends).toEqual([
      { username: f2.user.username, createdAt: new Date(ctx.clock()).toISOString(), totalRolls: 0, rewardPaid: false },
      { username: f1.user.username, createdAt: expect.any(String), totalRolls: 0, rewardPaid: false },
    ]);
    expect((await referrer.api.get('/api/referrals/status')).json().data).toEqual({
      hasApplied: false,
      referrerUsername: null,
      referredBy: null,
    });
  });
});

/** A player signed up from an address of their own (the sign-up address is what links accounts). */
let lastOctet = 10;
async function playerFrom(ip = `198.51.100.${lastOctet++}`) {
  const body = newPlayer();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'x-forwarded-for': ip },
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  const data = res.json().data as { user: { id: number; username: string }; token: string };
  return { ...data, api: api(ctx.app, data.token) };
}

/** A USDT deposit of `usd` dollars, approved by an admin at its value (USDT is worth 1 USD). */
async function depositApproved(p: { api: ReturnType<typeof api> }, usd: number) {
  const dep = await p.api.post('/api/credits/deposit-request', {
    amount: usd,
    cryptoType: 'USDT',
    cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    reference: txHashFor('USDT'),
  });
  expect(dep.statusCode).toBe(201);
  const admin = await createTestAdmin(ctx);
  const approved = await api(ctx.app, admin.token).post('/api/admin/approve-deposit', {
    transactionId: dep.json().data.transactionId,
    diceRollsCount: usd * 10,
  });
  expect(approved.statusCode).toBe(200);
}

describe("the referral reward, paid on the referred player's first qualifying deposit", () => {
  it('pays nothing for rolls alone, then 100 GOGO once the friend has deposited $10, once', async () => {
    const referrer = await playerFrom();
    const friend = await playerFrom();
    await refer(friend as unknown as Player, referrer as unknown as Player);
    await grantDice(ctx, friend.user.id, 40);
    for (let i = 0; i < REFERRAL_ROLLS_REQUIRED + 2; i++)
      expect((await rollOnce(ctx, friend.token)).statusCode).toBe(200);
    expect(await gogo(referrer.user.id)).toBe(0);
    await depositApproved(friend, 10);
    expect(await gogo(referrer.user.id)).toBe(REFERRAL_REWARD_GOGO);
    const reward = await referralRewardsOf(referrer.user.id);
    expect(reward).toEqual([
      expect.objectContaining({
        asset: 'GOGO',
        amount: 100,
        type: 'reward',
        refType: 'referral',
        refId: friend.user.id,
      }),
    ]);
    await depositApproved(friend, 25);
    expect(await gogo(referrer.user.id)).toBe(REFERRAL_REWARD_GOGO);
    const stats = (await referrer.api.get('/api/referrals/stats')).json().data;
    expect(stats).toMatchObject({ referredCount: 1, rewardedCount: 1, totalRewards: 100 });
    expect(await gogo(friend.user.id)).toBeGreaterThanOrEqual(0);
    await expectLedgerConsistent(ctx);
  });

  it('a code applied after the qualifying deposit pays at the next approved deposit', async () => {
    const referrer = await playerFrom();
    const friend = await playerFrom();
    await depositApproved(friend, 10);
    await refer(friend as unknown as Player, referrer as unknown as Player);
    expect(await gogo(referrer.user.id)).toBe(0);
    await depositApproved(friend, 10);
    expect(await gogo(referrer.user.id)).toBe(100);
  });

  it('pays nothing to a referrer who shares the sign-up address or device with the friend', async () => {
    const referrer = await playerFrom('203.0.113.50');
    const sameAddress = await playerFrom('203.0.113.50');
    await refer(sameAddress as unknown as Player, referrer as unknown as Player);
    await depositApproved(sameAddress, 20);
    expect(await gogo(referrer.user.id)).toBe(0);
    expect((await ctx.database.read.get(rewardPaidAt, { userId: sameAddress.user.id }))?.rewardPaidAt).toBeNull();
    // The withdrawal risk score names the link (weight and text from the score's table).
    await ctx.database.write((tx) =>
      tx.run(sql<{ id: number }>('UPDATE users SET email_verified_at = 1, created_at = 1 WHERE id = :id'), {
        id: sameAddress.user.id,
      }),
    );
    await ctx.database.write((tx) =>
      postLedgerTx(
        tx,
        sameAddress.user.id,
        [{ asset: 'GOGO', amount: 500, type: 'reward', reason: 'admin_grant' }],
        ctx.clock(),
      ),
    );
    const withdrawal = await sameAddress.api.post('/api/credits/withdrawal-request', {
      amount: 100,
      cryptoType: 'ETH',
      cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(withdrawal.statusCode).toBe(201);
    const admin = await createTestAdmin(ctx);
    const risk = await api(ctx.app, admin.token).get(
      `/api/admin/withdrawal-risk?ids=${withdrawal.json().data.transactionId}`,
    );
    expect(risk.json().data.risks[0].reasons).toContainEqual({
      kind: 'referral_same_origin',
      weight: 25,
      text: riskText.referralSameOrigin(1),
    });
  });

  it('pays nothing when the deposit is below the minimum in total', async () => {
    const referrer = await playerFrom();
    const friend = await playerFrom();
    await refer(friend as unknown as Player, referrer as unknown as Player);
    // A dice purchase of $1 is a payment below the minimum: the total is not reached.
    const purchase = await friend.api.post('/api/dice-rolls/purchase-request', { diceRollsCount: 10, amount: 1 });
    expect(purchase.statusCode).toBe(201);
    const admin = await createTestAdmin(ctx);
    const approved = await api(ctx.app, admin.token).post('/api/admin/approve-deposit', {
      transactionId: purchase.json().data.transactionId,
      diceRollsCount: 10,
    });
    expect(approved.statusCode).toBe(200);
    expect(await gogo(referrer.user.id)).toBe(0);
  });
});
