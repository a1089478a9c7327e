import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_STREAK_BONUS, CHALLENGE_STREAK_BONUS_DAY, dailyChallenges, utcDay } from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { expectLedgerConsistent, grantDice, rollOnce } from './engine-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ eventsSweepMs: 3_600_000 });
});
afterAll(async () => {
  await expectLedgerConsistent(ctx);
  await ctx.close();
});

const DAY = 86_400_000;
const MAX_ROLLS_PER_DAY = 1500;
const call = (method: 'GET' | 'POST', url: string, token: string) =>
  ctx.app.inject({ method, url, headers: bearer(token) });
const streakLedger = sql<{ userId: number }, { asset: string; amount: number }>(
  "SELECT asset, amount FROM ledger_entries WHERE user_id = :userId AND reason = 'challenge_streak' ORDER BY id",
);

type Challenge = { id: string; completed: boolean; claimed: boolean };

type Player = Awaited<ReturnType<typeof registerPlayer>>;

/** A fresh access token: a day later the one from sign-up has expired. */
async function signIn(p: Player): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: p.user.email, password: p.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.token as string;
}

/** Plays one UTC day until its three challenges are complete, then claims them; returns the last claim. */
async function completeTheDay(p: Player) {
  const token = await signIn(p);
  const userId = p.user.id;
  const ids = dailyChallenges(userId, utcDay(ctx.clock())).map((c) => c.id);
  if (ids.includes('daily_dice'))
    expect((await call('POST', '/api/daily-dice-roll/claim', token)).statusCode).toBe(200);
  const open = async () =>
    (json(await call('GET', '/api/challenges', token)).data.challenges as Challenge[]).filter((c) => !c.completed);
  let rolls = 0;
  while ((await open()).length > 0) {
    expect(rolls, 'the day needs more rolls than the test allows').toBeLessThan(MAX_ROLLS_PER_DAY);
    for (let i = 0; i < 10; i += 1) expect((await rollOnce(ctx, token)).statusCode).toBe(200);
    rolls += 10;
  }
  let last: { streak: { days: number; todayCounted: boolean }; streakBonusPaid: boolean } | undefined;
  for (const id of ids) {
    const res = await call('POST', `/api/challenges/${id}/claim`, token);
    expect(res.statusCode, res.body).toBe(200);
    last = json(res).data;
  }
  return last!;
}

describe('the challenge streak', () => {
  it('pays its bonus once, on the seventh consecutive day of all three; a missed day starts it again', async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 20_000);
    const firstNoon = (Math.floor(ctx.clock() / DAY) + 1) * DAY + DAY / 2;

    for (let day = 1; day <= CHALLENGE_STREAK_BONUS_DAY; day += 1) {
      ctx.clock.set(firstNoon + (day - 1) * DAY);
      const last = await completeTheDay(p);
      expect(last.streak).toMatchObject({ days: day, todayCounted: true });
      expect(last.streakBonusPaid).toBe(day === CHALLENGE_STREAK_BONUS_DAY);
    }
    const paid = await ctx.database.read.all(streakLedger, { userId: p.user.id });
    expect(paid.filter((r) => r.asset === 'GOGO').map((r) => r.amount)).toEqual([CHALLENGE_STREAK_BONUS.gogo]);
    expect(paid.filter((r) => r.asset === 'DICE').map((r) => r.amount)).toEqual([CHALLENGE_STREAK_BONUS.dice]);

    // A day with the three left undone: the streak lapses, and the next full day counts as day 1.
    ctx.clock.set(firstNoon + (CHALLENGE_STREAK_BONUS_DAY + 1) * DAY);
    expect(json(await call('GET', '/api/challenges', await signIn(p))).data.streak).toMatchObject({
      days: 0,
      todayCounted: false,
    });
    const restarted = await completeTheDay(p);
    expect(restarted.streak.days).toBe(1);
    expect(restarted.streakBonusPaid).toBe(false);
  });
});
