import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dailyChallenges,
  FRIENDS_RACE_MIN_ROLLS,
  FRIENDS_RACE_PRIZE,
  utcDay,
  weekEndOf,
  weekKeyOf,
  weekStartOf,
  type ChallengeKind,
} from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { friendGraph } from '../src/modules/social/index.js';
import { settleRaceWeek, settleRaceWeeks } from '../src/modules/challenges/index.js';
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
const call = (method: 'GET' | 'POST', url: string, token: string) =>
  ctx.app.inject({ method, url, headers: bearer(token) });
const ledgerOf = sql<{ userId: number; reason: string }, { asset: string; amount: number; type: string }>(
  'SELECT asset, amount, type FROM ledger_entries WHERE user_id = :userId AND reason = :reason ORDER BY id',
);
const insertFriendship = sql<{ low: number; high: number; now: number }>(
  'INSERT INTO friendships (user_low, user_high, created_at) VALUES (:low, :high, :now)',
);

/** Moves the clock forward to the first day (noon UTC) whose picks for the player hold `kind`. */
function dayWith(userId: number, kind: ChallengeKind) {
  for (let d = 1; d < 200; d += 1) {
    const noon = (Math.floor(ctx.clock() / DAY) + d) * DAY + DAY / 2;
    const def = dailyChallenges(userId, utcDay(noon)).find((c) => c.kind === kind);
    if (def) {
      ctx.clock.set(noon);
      return def;
    }
  }
  throw new Error(`no day with a ${kind} challenge`);
}

describe('daily challenges', () => {
  it("counts progress from the day's rolls and pays a claim once, even when claims race", async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 60);
    const def = dayWith(p.user.id, 'rolls');
    const list = json(await call('GET', '/api/challenges', p.token)).data;
    expect(list.day).toBe(utcDay(ctx.clock()));
    expect(list.challenges).toHaveLength(3);
    expect(list.challenges.find((c: { id: string }) => c.id === def.id)).toMatchObject({
      progress: 0,
      goal: def.goal,
      completed: false,
      claimed: false,
    });
    expect(list.streak).toMatchObject({ days: 0, bonusEvery: 7, todayCounted: false });
    const early = await call('POST', `/api/challenges/${def.id}/claim`, p.token);
    expect(early.statusCode).toBe(409);
    expect(json(early).error.code).toBe('NOT_COMPLETED');

    for (let i = 0; i < def.goal; i += 1) expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
    const done = json(await call('GET', '/api/challenges', p.token)).data.challenges.find(
      (c: { id: string }) => c.id === def.id,
    );
    expect(done).toMatchObject({ progress: def.goal, completed: true, claimed: false });

    const claims = await Promise.all([1, 2, 3].map(() => call('POST', `/api/challenges/${def.id}/claim`, p.token)));
    expect(claims.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of claims.filter((c) => c.statusCode === 409)) expect(json(r).error.code).toBe('ALREADY_CLAIMED');
    const paid = await ctx.database.read.all(ledgerOf, { userId: p.user.id, reason: `challenge:${def.id}` });
    expect(paid.reduce((n, r) => n + (r.asset === 'DICE' ? r.amount : 0), 0)).toBe(def.reward.dice);
    expect(paid.reduce((n, r) => n + (r.asset === 'GOGO' ? r.amount : 0), 0)).toBe(def.reward.gogo);
    const after = json(await call('GET', '/api/challenges', p.token)).data.challenges.find(
      (c: { id: string }) => c.id === def.id,
    );
    expect(after.claimed).toBe(true);

    // The next day brings new challenges; yesterday's claims do not carry over.
    ctx.clock.advance(DAY);
    const tomorrow = json(await call('GET', '/api/challenges', p.token)).data;
    expect(
      tomorrow.challenges.every((c: { claimed: boolean; progress: number }) => !c.claimed && c.progress === 0),
    ).toBe(true);
    expect((await call('POST', '/api/challenges/nope/claim', p.token)).statusCode).toBe(404);
  });

  it('counts the daily dice claim', async () => {
    const p = await registerPlayer(ctx.app);
    const def = dayWith(p.user.id, 'daily_dice');
    expect(json(await call('POST', `/api/challenges/${def.id}/claim`, p.token)).error.code).toBe('NOT_COMPLETED');
    expect((await call('POST', '/api/daily-dice-roll/claim', p.token)).statusCode).toBe(200);
    const claim = await call('POST', `/api/challenges/${def.id}/claim`, p.token);
    expect(claim.statusCode, claim.body).toBe(200);
    expect(json(claim).data.challenge).toMatchObject({ id: def.id, completed: true, claimed: true });
  });
});

describe('the weekly friends race', () => {
  it('pays the winner among three friends once, after the week, even when a settlement crashed', async () => {
    const players = [await registerPlayer(ctx.app), await registerPlayer(ctx.app), await registerPlayer(ctx.app)];
    const ids = players.map((p) => p.user.id);
    await ctx.database.write(async (tx) => {
      for (const [a, b] of [
        [0, 1],
        [0, 2],
        [1, 2],
      ] as const) {
        await tx.run(insertFriendship, {
          low: Math.min(ids[a]!, ids[b]!),
          high: Math.max(ids[a]!, ids[b]!),
          now: weekStartOf(ctx.clock()) - 1, // friends before the week started: the field of the week
        });
      }
    });
    const won = new Map<number, number>();
    for (const p of players) {
      await grantDice(ctx, p.user.id, 30);
      let total = 0;
      for (let i = 0; i < FRIENDS_RACE_MIN_ROLLS; i += 1)
        total += Math.max(0, json(await rollOnce(ctx, p.token)).data.reward as number);
      won.set(p.user.id, total);
    }
    const race = json(await call('GET', '/api/friends-race', players[0]!.token)).data;
    expect(race.eligible).toBe(true);
    expect(race.entries).toHaveLength(3);
    expect(race.entries.map((e: { score: number }) => e.score)).toEqual([...won.values()].sort((a, b) => b - a));
    const winner = race.entries[0].userId as number;
    const week = race.week as string;

    ctx.clock.set(weekEndOf(ctx.clock()) + 1000);
    const deps = { database: ctx.database, clock: ctx.clock, friendsOf: friendGraph.friendsOf };
    await expect(
      settleRaceWeek({ ...deps, beforeCommit: () => Promise.reject(new Error('crash')) }, week),
    ).rejects.toThrow('crash');
    expect(await ctx.database.read.all(ledgerOf, { userId: winner, reason: `friends_race:${week}` })).toEqual([]);
    const [a, b] = await Promise.all([settleRaceWeeks(deps), settleRaceWeeks(deps)]);
    expect([...a, ...b].filter((w) => w === week)).toHaveLength(1);
    expect(await ctx.database.read.all(ledgerOf, { userId: winner, reason: `friends_race:${week}` })).toEqual([
      { asset: 'GOGO', amount: FRIENDS_RACE_PRIZE.gogo, type: 'prize' },
      { asset: 'DICE', amount: FRIENDS_RACE_PRIZE.dice, type: 'prize' },
    ]);
    for (const loser of ids.filter((id) => id !== winner)) {
      expect(await ctx.database.read.all(ledgerOf, { userId: loser, reason: `friends_race:${week}` })).toEqual([]);
    }
  });
});

describe('the friends race is fair', () => {
  const deps = () => ({ database: ctx.database, clock: ctx.clock, friendsOf: friendGraph.friendsOf });
  const prizesOf = (userId: number, week: string) =>
    ctx.database.read.all(ledgerOf, { userId, reason: `friends_race:${week}` });
  const addScore = sql<{ week: string; userId: number; gain: number }>(
    'UPDATE race_scores SET score = score + :gain WHERE week = :week AND user_id = :userId',
  );

  /** Friendships made before the running week started. */
  async function friendsSinceLastWeek(pairs: ReadonlyArray<readonly [number, number]>) {
    const before = weekStartOf(ctx.clock()) - 1;
    await ctx.database.write(async (tx) => {
      for (const [a, b] of pairs) {
        await tx.run(insertFriendship, { low: Math.min(a, b), high: Math.max(a, b), now: before });
      }
    });
    return weekKeyOf(ctx.clock());
  }

  /** Rolls until the player has rolled `times` and won something this week. */
  async function play(token: string, userId: number, times = FRIENDS_RACE_MIN_ROLLS) {
    await grantDice(ctx, userId, times + 20);
    let won = 0;
    for (let i = 0; i < times || won <= 0; i += 1)
      won += Math.max(0, json(await rollOnce(ctx, token)).data.reward as number);
  }

  it('five farm accounts sharing two idle friends win nothing', async () => {
    ctx.clock.set(weekEndOf(ctx.clock()) + DAY); // a fresh week, its Tuesday
    const idle = [await registerPlayer(ctx.app), await registerPlayer(ctx.app)];
    const farm = [];
    for (let i = 0; i < 5; i += 1) farm.push(await registerPlayer(ctx.app));
    const week = await friendsSinceLastWeek(farm.flatMap((f) => idle.map((d) => [f.user.id, d.user.id] as const)));
    for (const f of farm) await play(f.token, f.user.id);
    // The idle friends roll a few times: fewer than the 10 an entrant needs.
    await grantDice(ctx, idle[0]!.user.id, 5);
    for (let i = 0; i < FRIENDS_RACE_MIN_ROLLS - 1 && i < 5; i += 1) await rollOnce(ctx, idle[0]!.token);
    ctx.clock.set(weekEndOf(ctx.clock()) + 1000);
    expect(await settleRaceWeek(deps(), week)).toBe(0);
    for (const p of [...farm, ...idle]) expect(await prizesOf(p.user.id, week)).toEqual([]);
  });

  it('unfriending the leader before settlement changes nothing for that week', async () => {
    ctx.clock.set(weekEndOf(ctx.clock()) + DAY);
    const [a, b, leader] = [
      await registerPlayer(ctx.app),
      await registerPlayer(ctx.app),
      await registerPlayer(ctx.app),
    ];
    const week = await friendsSinceLastWeek([
      [a.user.id, b.user.id],
      [a.user.id, leader.user.id],
      [b.user.id, leader.user.id],
    ]);
    for (const p of [a, b, leader]) await play(p.token, p.user.id);
    await ctx.database.write((tx) => tx.run(addScore, { week, userId: leader.user.id, gain: 1_000_000 }));
    // A leaves the leader's friends while the week runs, and a friend made during the week does not join.
    const unfriend = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/friend/${leader.user.id}`,
      headers: bearer(a.token),
    });
    expect(unfriend.statusCode).toBe(200);
    const late = await registerPlayer(ctx.app);
    await ctx.database.write((tx) =>
      tx.run(insertFriendship, {
        low: Math.min(a.user.id, late.user.id),
        high: Math.max(a.user.id, late.user.id),
        now: ctx.clock(),
      }),
    );
    await play(late.token, late.user.id);
    ctx.clock.set(weekEndOf(ctx.clock()) + 1000);
    expect(await settleRaceWeek(deps(), week)).toBe(1);
    expect(await prizesOf(leader.user.id, week)).toEqual([
      { asset: 'GOGO', amount: FRIENDS_RACE_PRIZE.gogo, type: 'prize' },
      { asset: 'DICE', amount: FRIENDS_RACE_PRIZE.dice, type: 'prize' },
    ]);
    for (const p of [a, b, late]) expect(await prizesOf(p.user.id, week)).toEqual([]);
  });
});
