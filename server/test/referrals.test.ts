import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralAppliedPlaceholder, referralText, validationText } from '@gogo/shared/messages';
import { REFERRAL_CODE_ALPHABET, REFERRAL_REWARD_GOGO, REFERRAL_ROLLS_REQUIRED } from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { ledgerSumsOf, lockGameState, readGameState } from '../src/modules/ledger/postings.js';
import type { AfterRoll } from '../src/modules/game/index.js';
import { referralAfterRoll } from '../src/modules/referrals/after-roll.js';
import { createReferralsService } from '../src/modules/referrals/service.js';
import { createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { api } from './money-helpers.js';
import { expectLedgerConsistent, grantDice, rollOnce, runAfterRollStep } from './engine-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
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
const setTotalRolls = sql<{ userId: number; totalRolls: number }>(
  'UPDATE game_states SET total_rolls = :totalRolls WHERE user_id = :userId',
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

/** The roll as the step sees it; the referral step reads only who rolled, how often, and when. */
const rolled = (tx: AfterRoll['tx'], userId: number, totalRolls: number, now: number): AfterRoll => ({
  tx,
  userId,
  totalRolls,
  now,
  rollId: 0,
  outcome: {} as AfterRoll['outcome'],
  state: {} as AfterRoll['state'],
});

describe('referralAfterRoll (inside the roll transaction)', () => {
  async function setRolls(userId: number, totalRolls: number) {
    await ctx.database.write(async (tx) => {
      await lockGameState(tx, userId, ctx.clock());
      await tx.run(setTotalRolls, { userId, totalRolls });
    });
  }
  // As the engine calls it: inside the roll's transaction, which holds the friend's state lock.
  const hook = (userId: number, totalRolls: number) =>
    ctx.database.write(async (tx) => {
      await lockGameState(tx, userId, ctx.clock());
      await runAfterRollStep(referralAfterRoll, rolled(tx, userId, totalRolls, ctx.clock()));
    });

  it('pays the referrer 100 GOGO at the 30th roll, exactly once', async () => {
    const referrer = await player();
    const friend = await player();
    await refer(friend, referrer);
    for (let rolls = 1; rolls < REFERRAL_ROLLS_REQUIRED; rolls++) await hook(friend.user.id, rolls);
    expect(await gogo(referrer.user.id)).toBe(0);
    await hook(friend.user.id, 30);
    expect(await gogo(referrer.user.id)).toBe(REFERRAL_REWARD_GOGO);
    await hook(friend.user.id, 30);
    await hook(friend.user.id, 31);
    await hook(friend.user.id, 500);
    expect(await gogo(referrer.user.id)).toBe(REFERRAL_REWARD_GOGO);
    const entries = await referralRewardsOf(referrer.user.id);
    expect(entries).toEqual([
      expect.objectContaining({
        asset: 'GOGO',
        amount: 100,
        type: 'reward',
        refType: 'referral',
        refId: friend.user.id,
      }),
    ]);
    await setRolls(friend.user.id, 31);
    const stats = (await referrer.api.get('/api/referrals/stats')).json().data;
    expect(stats).toMatchObject({ referredCount: 1, rewardedCount: 1, totalRewards: 100 });
    const [f] = (await referrer.api.get('/api/referrals/friends')).json().data.friends;
    expect(f).toMatchObject({ totalRolls: 31, rewardPaid: true });
    // The friend gets nothing from the referral, the referrer's balance is explained by the ledger.
    expect(await gogo(friend.user.id)).toBe(0);
    expect((await readGameState(ctx.database.read, referrer.user.id))?.balance).toBe(100);
  });

  it('pays nothing for a player who applied no code', async () => {
    const p = await player();
    await codeOf(p); // has a row, but no referrer
    await hook(p.user.id, 30);
    const anyReferral = (await ctx.database.read.all(referralEntries, {})).filter((e) => e.refId === p.user.id);
    expect(anyReferral).toEqual([]);
  });

  it('a code applied after 30 rolls pays at the next roll', async () => {
    const referrer = await player();
    const friend = await player();
    await hook(friend.user.id, 45); // not referred yet: nothing
    await refer(friend, referrer);
    expect(await gogo(referrer.user.id)).toBe(0);
    await hook(friend.user.id, 46);
    expect(await gogo(referrer.user.id)).toBe(100);
  });

  it('pays nothing when the roll transaction rolls back', async () => {
    const referrer = await player();
    const friend = await player();
    await refer(friend, referrer);
    await expect(
      ctx.database.write(async (tx) => {
        await lockGameState(tx, friend.user.id, ctx.clock());
        await runAfterRollStep(referralAfterRoll, rolled(tx, friend.user.id, 30, ctx.clock()));
        throw new Error('the roll failed after the hook');
      }),
    ).rejects.toThrow('the roll failed');
    expect(await gogo(referrer.user.id)).toBe(0);
    expect((await ctx.database.read.get(rewardPaidAt, { userId: friend.user.id }))?.rewardPaidAt).toBeNull();
    await hook(friend.user.id, 30);
    expect(await gogo(referrer.user.id)).toBe(100);
  });
});

describe("the referral reward through the engine's roll (POST /api/game/roll)", () => {
  it("pays the referrer 100 GOGO inside the friend's 30th roll, and never again", async () => {
    const referrer = await player();
    const friend = await player();
    await refer(friend, referrer);
    await grantDice(ctx, friend.user.id, 40);
    for (let i = 1; i < REFERRAL_ROLLS_REQUIRED; i++) {
      const res = await rollOnce(ctx, friend.token);
      expect(res.statusCode).toBe(200);
    }
    expect(await gogo(referrer.user.id)).toBe(0);
    const thirtieth = await rollOnce(ctx, friend.token);
    expect(thirtieth.statusCode).toBe(200);
    expect(await gogo(referrer.user.id)).toBe(REFERRAL_REWARD_GOGO);
    // Written in the roll's own transaction: same instant, referencing the friend.
    const reward = await referralRewardsOf(referrer.user.id);
    expect(reward).toEqual([expect.objectContaining({ amount: 100, refId: friend.user.id, createdAt: ctx.clock() })]);
    for (let i = 0; i < 5; i++) expect((await rollOnce(ctx, friend.token)).statusCode).toBe(200);
    expect(await gogo(referrer.user.id)).toBe(REFERRAL_REWARD_GOGO);
    const history = (await referrer.api.get('/api/credits/transactions')).json().data.transactions;
    expect(history[0]).toMatchObject({ type: 'reward', formattedAmount: '+100 GOGO', status: 'completed' });
    const [f] = (await referrer.api.get('/api/referrals/friends')).json().data.friends;
    expect(f).toMatchObject({ username: friend.user.username, totalRolls: 35, rewardPaid: true });
    await expectLedgerConsistent(ctx);
  });
});
