import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { dailyDiceAmount, dailyLoginBonus } from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { expectLedgerConsistent, get, rollOnce } from './engine-helpers.js';

const DAY = 86_400_000;
const ledgerOfUser = sql<{ userId: number }, { asset: string; amount: number; reason: string; refType: string | null }>(
  'SELECT asset, amount, reason, ref_type AS "refType" FROM ledger_entries WHERE user_id = :userId ORDER BY id',
);

let ctx: TestContext;
beforeEach(async () => {
  if (ctx) {
    await expectLedgerConsistent(ctx);
    await ctx.close();
  }
  ctx = await createTestApp();
  // 2026-01-15 23:59:00 UTC: one minute before a UTC day changes.
  ctx.clock.set(Date.UTC(2026, 0, 15, 23, 59, 0));
});
afterAll(async () => {
  await expectLedgerConsistent(ctx);
  await ctx.close();
});

/** A player token signed now: tests that span more than the 7-day token lifetime re-sign it daily. */
const fresh = (userId: number) => ctx.app.signToken('player', userId, 0);

const canClaim = async (token: string) => json(await get(ctx, '/api/daily-dice-roll/can-claim', token)).data;
const claim = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/daily-dice-roll/claim', headers: bearer(token) });
const login = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/daily-login', headers: bearer(token) });
const dice = async (token: string) => json(await get(ctx, '/api/dice-rolls/balance', token)).data.diceRollsRemaining;
const balance = async (token: string) => json(await get(ctx, '/api/game-state/state', token)).data.balance;

describe('daily free dice', () => {
  it('can be claimed once per UTC day: a second claim is 409 ALREADY_CLAIMED and credits nothing', async () => {
    const p = await registerPlayer(ctx.app);
    expect(await canClaim(p.token)).toEqual({
      canClaim: true,
      consecutiveDays: 0,
      totalClaims: 0,
      nextMilestone: { days: 7, bonus: 100, description: 'Weekly streak: 7 days in a row' },
      rollsToday: 10,
      nextClaimAt: '2026-01-16T00:00:00.000Z',
    });

    const first = await claim(p.token);
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toEqual({ diceRollsAdded: 10, consecutiveDays: 1, diceRollsRemaining: 20 });
    expect(await canClaim(p.token)).toMatchObject({
      canClaim: false,
      consecutiveDays: 1,
      totalClaims: 1,
      rollsToday: 10,
    });

    const second = await claim(p.token);
    expect(second.statusCode).toBe(409);
    expect(json(second).error).toEqual({ code: 'ALREADY_CLAIMED', message: 'Already claimed today' });
    expect(await dice(p.token)).toBe(20);

    // 00:00 UTC starts the next day: claim again, streak 2.
    ctx.clock.advance(60_000);
    expect(await canClaim(p.token)).toMatchObject({ canClaim: true, consecutiveDays: 1 });
    const next = await claim(p.token);
    expect(json(next).data).toEqual({ diceRollsAdded: 10, consecutiveDays: 2, diceRollsRemaining: 30 });
    const credits = (await ctx.database.read.all(ledgerOfUser, { userId: p.user.id })).filter(
      (row) => row.reason === 'daily_dice',
    );
    expect(credits.map((row) => [row.asset, row.amount, row.refType])).toEqual([
      ['DICE', 10, 'daily_dice_claim'],
      ['DICE', 10, 'daily_dice_claim'],
    ]);
  });

  it('parallel claims on one day credit exactly once', async () => {
    const p = await registerPlayer(ctx.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(p.token)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect(await dice(p.token)).toBe(20);
  });

  it('a 7-day streak gives 15 dice on day 7; a missed day starts over at 1', async () => {
    const p = await registerPlayer(ctx.app);
    const added = [];
    for (let day = 1; day <= 8; day += 1) {
      if (day === 7) expect((await canClaim(fresh(p.user.id))).rollsToday).toBe(15);
      const res = json(await claim(fresh(p.user.id))).data;
      added.push([res.consecutiveDays, res.diceRollsAdded]);
      ctx.clock.advance(DAY);
    }
    expect(added).toEqual([
      [1, 10],
      [2, 10],
      [3, 10],
      [4, 10],
      [5, 10],
      [6, 10],
      [7, 15],
      [8, 15],
    ]);
    const token = fresh(p.user.id);
    expect(await canClaim(token)).toMatchObject({
      consecutiveDays: 8,
      nextMilestone: { days: 30, bonus: 500, description: 'Monthly streak: 30 days in a row' },
    });
    // Skip a whole day: the streak shows 0 and the next claim starts at 1 with the base amount.
    ctx.clock.advance(DAY);
    expect(await canClaim(token)).toMatchObject({ canClaim: true, consecutiveDays: 0, rollsToday: 10, totalClaims: 8 });
    expect(json(await claim(token)).data).toMatchObject({ consecutiveDays: 1, diceRollsAdded: dailyDiceAmount(1) });
  });

  it('a clock that goes back a day never grants a second claim', async () => {
    const p = await registerPlayer(ctx.app);
    ctx.clock.advance(DAY);
    expect((await claim(p.token)).statusCode).toBe(200);
    ctx.clock.advance(-DAY);
    expect((await claim(p.token)).statusCode).toBe(409);
  });

  it('GET can-claim changes nothing', async () => {
    const p = await registerPlayer(ctx.app);
    for (let i = 0; i < 3; i += 1) await canClaim(p.token);
    expect(await ctx.database.read.all(ledgerOfUser, { userId: p.user.id })).toEqual([]);
  });
});

describe('POST /api/daily-login', () => {
  it('the first call of a UTC day credits 50 x streak days; later calls that day change nothing', async () => {
    const p = await registerPlayer(ctx.app);
    const first = json(await login(p.token)).data;
    expect(first).toEqual({
      counted: true,
      consecutiveDays: 1,
      totalLogins: 1,
      bonus: 50,
      balance: 50,
      nextMilestone: { days: 7, bonus: 100, description: 'Weekly streak: 7 days in a row' },
    });
    const again = json(await login(p.token)).data;
    expect(again).toMatchObject({ counted: false, consecutiveDays: 1, totalLogins: 1, bonus: 0, balance: 50 });
    const state = json(await get(ctx, '/api/game-state/state', p.token)).data;
    expect(state).toMatchObject({
      balance: 50,
      totalTokensEarned: 50,
      dailyLoginData: { consecutiveDays: 1, totalLogins: 1, hasLoggedInToday: true },
    });
    ctx.clock.advance(60_000); // a new UTC day
    expect(json(await get(ctx, '/api/game-state/state', p.token)).data.dailyLoginData.hasLoggedInToday).toBe(false);
    expect(json(await login(p.token)).data).toMatchObject({
      counted: true,
      consecutiveDays: 2,
      bonus: 100,
      balance: 150,
    });
  });

  it('pays 50 x days plus 100 on day 7, and starts over after a gap', async () => {
    const p = await registerPlayer(ctx.app);
    const bonuses = [];
    for (let day = 1; day <= 8; day += 1) {
      bonuses.push(json(await login(fresh(p.user.id))).data.bonus);
      ctx.clock.advance(DAY);
    }
    expect(bonuses).toEqual([50, 100, 150, 200, 250, 300, 450, 400]);
    expect(bonuses[6]).toBe(dailyLoginBonus(7));
    const total = bonuses.reduce((a, b) => a + b, 0);
    expect(await balance(fresh(p.user.id))).toBe(total);
    ctx.clock.advance(3 * DAY);
    const token = fresh(p.user.id);
    expect(json(await login(token)).data).toMatchObject({
      counted: true,
      consecutiveDays: 1,
      totalLogins: 9,
      bonus: 50,
    });
    const state = json(await get(ctx, '/api/game-state/state', token)).data;
    expect(state.totalTokensEarned).toBe(total + 50);
  });

  it('the login bonus counts towards first_thousand (Millionaire) on the next roll', async () => {
    const p = await registerPlayer(ctx.app);
    for (let day = 1; day <= 7; day += 1) {
      await login(fresh(p.user.id));
      ctx.clock.advance(DAY);
    }
    // 50+100+150+200+250+300+450 = 1500 GOGO earned before any roll.
    const roll = json(await rollOnce(ctx, fresh(p.user.id))).data;
    expect(roll.achievementsUnlocked.map((a: { id: string }) => a.id)).toEqual(['first_roll', 'first_thousand']);
  });

  it('parallel first calls of a day credit once', async () => {
    const p = await registerPlayer(ctx.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => login(p.token)));
    expect(answers.map((res) => json(res).data.counted).filter(Boolean)).toHaveLength(1);
    expect(await balance(p.token)).toBe(50);
  });
});
