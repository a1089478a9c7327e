import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RollResponse } from '@gogo/shared/api';
import { gameText } from '@gogo/shared/messages';
import {
  FIRST_ROLL_MIN_REWARD,
  LAP_DICE_REWARD,
  PASS_START_SALARY,
  STARTING_DICE_ROLLS,
  TILES,
  type GameProgress,
} from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { appForFile, expectLedgerConsistent, get, grantDice, rollOnce } from './engine-helpers.js';

let ctx: TestContext;
appForFile((made) => (ctx = made));

interface LedgerRow {
  id: number;
  asset: string;
  amount: number;
  type: string;
  reason: string;
  refType: string | null;
  refId: number | null;
  balanceAfter: number;
  createdAt: number;
}
const LEDGER_COLUMNS = `id, asset, amount, type, reason, ref_type AS "refType", ref_id AS "refId",
  balance_after AS "balanceAfter", created_at AS "createdAt"`;
const ledgerOfRoll = sql<{ rollId: number }, LedgerRow>(
  `SELECT ${LEDGER_COLUMNS} FROM ledger_entries WHERE ref_type = 'roll' AND ref_id = :rollId ORDER BY id`,
);
const ledgerOfUser = sql<{ userId: number }, LedgerRow>(
  `SELECT ${LEDGER_COLUMNS} FROM ledger_entries WHERE user_id = :userId ORDER BY id`,
);
const rollCount = sql<{ userId: number }, { n: number }>('SELECT count(*) AS n FROM rolls WHERE user_id = :userId');
const unlocksOf = sql<{ userId: number }, { achievementId: string; rewardPaid: number }>(
  'SELECT achievement_id AS "achievementId", reward_paid AS "rewardPaid" FROM achievement_unlocks WHERE user_id = :userId ORDER BY id',
);
const ledger = (c: TestContext, userId: number) => c.database.read.all(ledgerOfUser, { userId });
const rollsOf = async (c: TestContext, userId: number) => (await c.database.read.get(rollCount, { userId }))?.n ?? 0;

const state = async (token: string) => json(await get(ctx, '/api/game-state/state', token)).data;

describe('POST /api/game/roll', () => {
  it('needs a player token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/game/roll', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(json(res).error.code).toBe('UNAUTHORIZED');
  });

  it('rolls on the server: a die 1..6, the move backwards, the tile, the ledger and the new state', async () => {
    const p = await registerPlayer(ctx.app);
    const before = await state(p.token);
    expect(before).toMatchObject({ balance: 0, diceRollsRemaining: STARTING_DICE_ROLLS, position: 0, level: 1 });

    const res = await rollOnce(ctx, p.token);
    expect(res.statusCode).toBe(200);
    const r = json(res).data;
    expect(r.die).toBeGreaterThanOrEqual(1);
    expect(r.die).toBeLessThanOrEqual(6);
    expect(r).toMatchObject({ die1: r.die, die2: 0, total: r.die, from: 0 });
    expect(r.to).toBe((20 - r.die) % 20);
    expect(r.path).toHaveLength(r.die);
    expect(r.path.at(-1)).toBe(r.to);
    expect(r.tile).toEqual({ ...TILES[r.to] });
    // The account's first roll: the tile pays at least the floor (the balance was 0 anyway).
    expect(r.firstRoll).toBe(true);
    expect(r.reward).toBe(Math.max(Math.trunc(r.rawReward / 10), FIRST_ROLL_MIN_REWARD)); // balance 0: a penalty stops at 0
    expect(r.achievementsUnlocked).toEqual([{ id: 'first_roll', name: 'First Roll', reward: 50 }]);
    expect(r.fairness).toMatchObject({ nonce: 0 });
    expect(r.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.state).toMatchObject({
      balance: r.reward + 50,
      diceRollsRemaining: STARTING_DICE_ROLLS - 1 + r.levelUpDice + r.lapDice,
      position: r.to,
      totalRolls: 1,
      unlockedAchievements: ['first_roll'],
      lastRollResult: { die1: r.die, die2: 0, total: r.die },
      cooldownEndTime: ctx.clock() + 1000,
    });
    expect(r.state.recentMoves[0]).toEqual({
      position: r.to,
      reward: r.reward,
      tileName: r.tile.name,
      timestamp: ctx.clock(),
    });
    // The stored state is what the roll answered.
    expect(await state(p.token)).toEqual({ ...r.state, cooldownEndTime: r.state.cooldownEndTime });

    // Ledger rows explain the change: one roll spent, the tile reward, the achievement reward.
    const rows = await ctx.database.read.all(ledgerOfRoll, { rollId: r.rollId });
    const byReason = Object.fromEntries(rows.map((row) => [row.reason, row.amount]));
    expect(byReason.roll).toBe(-1);
    expect(byReason['achievement:first_roll']).toBe(50);
    if (r.reward !== 0) expect(byReason[`tile:${r.to}`]).toBe(r.reward);
    expect(rows.every((row) => row.refType === 'roll')).toBe(true);
  });

  it('POST /api/dice-rolls/use is the same roll (an alias), also without a body', async () => {
    const p = await registerPlayer(ctx.app);
    ctx.clock.advance(1000);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/dice-rolls/use', headers: bearer(p.token) });
    expect(res.statusCode).toBe(200);
    const first = json(res).data;
    expect(first.state.diceRollsRemaining).toBe(STARTING_DICE_ROLLS - 1 + first.levelUpDice + first.lapDice);
    const res2 = await rollOnce(ctx, p.token);
    expect(json(res2).data.from).toBe(json(res).data.to);
    expect(json(res2).data.fairness.nonce).toBe(1);
    expect(json(res2).data.state.totalRolls).toBe(2);
  });

  it('answers 429 ROLL_COOLDOWN within 1 s of the last roll, then rolls after 1 s', async () => {
    const p = await registerPlayer(ctx.app);
    const first = await rollOnce(ctx, p.token);
    expect(first.statusCode).toBe(200);
    ctx.clock.advance(999);
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/api/game/roll',
      headers: bearer(p.token),
      payload: {},
    });
    expect(early.statusCode).toBe(429);
    expect(json(early).error).toMatchObject({ code: 'ROLL_COOLDOWN', message: gameText.cooldown });
    const paid = json(first).data.levelUpDice + json(first).data.lapDice;
    expect((await state(p.token)).diceRollsRemaining).toBe(STARTING_DICE_ROLLS - 1 + paid);
    ctx.clock.advance(1);
    const onTime = await ctx.app.inject({
      method: 'POST',
      url: '/api/game/roll',
      headers: bearer(p.token),
      payload: {},
    });
    expect(onTime.statusCode).toBe(200);
    const second = json(onTime).data;
    expect(second.state.diceRollsRemaining).toBe(STARTING_DICE_ROLLS - 2 + paid + second.levelUpDice + second.lapDice);
  });

  it('answers 400 NO_ROLLS with the spec text when no roll is left, and spends nothing', async () => {
    const p = await registerPlayer(ctx.app);
    // Level-ups and laps pay dice back, so the starting dice last at least STARTING_DICE_ROLLS rolls.
    let served = 0;
    while ((await state(p.token)).diceRollsRemaining > 0) {
      expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
      served += 1;
    }
    expect(served).toBeGreaterThanOrEqual(STARTING_DICE_ROLLS);
    const before = await state(p.token);
    const res = await rollOnce(ctx, p.token);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toEqual({
      code: 'NO_ROLLS',
      message: 'No dice rolls remaining. Please purchase more dice rolls.',
    });
    expect(await state(p.token)).toMatchObject({ diceRollsRemaining: 0, totalRolls: before.totalRolls });
    await grantDice(ctx, p.user.id, 10);
    expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
  });

  it('sends the answer as stored, byte for byte what the RollResponse schema serialises, replays included', async () => {
    // Fastify's own serializer with the route's schema, over the parsed answer: the text must not change.
    const reference = Fastify();
    reference.post('/echo', { schema: { response: { 200: RollResponse } } }, async (request) => request.body);
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 20);
    try {
      for (let i = 0; i < 12; i++) {
        ctx.clock.advance(1500);
        const res = await rollOnce(ctx, p.token, { requestId: `bytes-${i}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const echoed = await reference.inject({ method: 'POST', url: '/echo', payload: JSON.parse(res.body) });
        expect(res.body).toBe(echoed.body);
        const replayed = await rollOnce(ctx, p.token, { requestId: `bytes-${i}` });
        expect(replayed.headers['x-roll-replayed']).toBe('1');
        expect(replayed.body).toBe(res.body);
      }
    } finally {
      await reference.close();
    }
  });

  it('a repeated requestId replays the first answer and spends nothing', async () => {
    const p = await registerPlayer(ctx.app);
    const first = await rollOnce(ctx, p.token, { requestId: 'retry-1' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-roll-replayed']).toBeUndefined();
    // A retry arrives at once (inside the cooldown) and again later: both replay.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/game/roll',
      headers: bearer(p.token),
      payload: { requestId: 'retry-1' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-roll-replayed']).toBe('1');
    expect(json(again)).toEqual(json(first));
    const later = await rollOnce(ctx, p.token, { requestId: 'retry-1' });
    expect(json(later)).toEqual(json(first));
    const paid = json(first).data.levelUpDice + json(first).data.lapDice;
    expect((await state(p.token)).diceRollsRemaining).toBe(STARTING_DICE_ROLLS - 1 + paid);
    expect(await rollsOf(ctx, p.user.id)).toBe(1);

    // Another id rolls; the same id of another player is independent.
    expect(json(await rollOnce(ctx, p.token, { requestId: 'retry-2' })).data.rollId).not.toBe(json(first).data.rollId);
    const other = await registerPlayer(ctx.app);
    const theirs = await rollOnce(ctx, other.token, { requestId: 'retry-1' });
    expect(theirs.statusCode).toBe(200);
    expect(json(theirs).data.rollId).not.toBe(json(first).data.rollId);
  });

  it('validates the requestId', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await rollOnce(ctx, p.token, { requestId: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('VALIDATION_ERROR');
  });
});

describe('25 parallel rolls with 10 available', () => {
  let fast: TestContext;
  beforeAll(async () => {
    fast = await createTestApp({ benchNoCooldown: true });
  });
  afterEach(async () => {
    await expectLedgerConsistent(fast);
  });
  afterAll(async () => fast.close());

  it('at most 10 succeed, the others are 400 NO_ROLLS, no 5xx, counts exact', async () => {
    const p = await registerPlayer(fast.app);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        fast.app.inject({ method: 'POST', url: '/api/game/roll', headers: bearer(p.token), payload: {} }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    const served = answers.filter((res) => res.statusCode === 200).map((res) => json(res).data);
    // Each roll spends one die; the dice a level-up or a lap pays back can be spent by a later roll.
    const earned = served.reduce((sum, r) => sum + r.levelUpDice + r.lapDice, 0);
    expect(served.length).toBeGreaterThanOrEqual(10);
    expect(served.length).toBeLessThanOrEqual(10 + earned);
    expect(answers.filter((res) => res.statusCode === 400).map((res) => json(res).error.code)).toEqual(
      Array(25 - served.length).fill('NO_ROLLS'),
    );
    const nonces = served.map((r) => r.fairness.nonce);
    expect(nonces.sort((a, b) => a - b)).toEqual(Array.from({ length: served.length }, (_, i) => i));
    const s = json(await get(fast, '/api/game-state/state', p.token)).data;
    expect(s).toMatchObject({ diceRollsRemaining: 10 + earned - served.length, totalRolls: served.length });
    if (served.length < 25) expect(s.diceRollsRemaining).toBe(0);
    expect(await rollsOf(fast, p.user.id)).toBe(served.length);
  });

  it('with the cooldown on, only one of 25 parallel rolls succeeds; the rest are 429', async () => {
    const p = await registerPlayer(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/game/roll', headers: bearer(p.token), payload: {} }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, ...Array(24).fill(429)]);
    const served = json(answers.find((res) => res.statusCode === 200)!).data;
    expect(json(await get(ctx, '/api/game-state/state', p.token)).data.diceRollsRemaining).toBe(
      9 + served.levelUpDice + served.lapDice,
    );
  });

  it('parallel retries with one requestId roll once and all answer the same', async () => {
    const p = await registerPlayer(fast.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        fast.app.inject({
          method: 'POST',
          url: '/api/game/roll',
          headers: bearer(p.token),
          payload: { requestId: 'same' },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((res) => json(res).data.rollId)).size).toBe(1);
    expect(answers.filter((res) => res.headers['x-roll-replayed'] === '1')).toHaveLength(11);
    const paid = json(answers[0]!).data.levelUpDice + json(answers[0]!).data.lapDice;
    expect(json(await get(fast, '/api/game-state/state', p.token)).data.diceRollsRemaining).toBe(9 + paid);
  });
});

describe('/api/game-state/state', () => {
  it('GET gives the starting state to a new player without writing anything', async () => {
    const p = await registerPlayer(ctx.app);
    const s = await state(p.token);
    expect(s).toMatchObject({
      balance: 0,
      diceRollsRemaining: 10,
      position: 0,
      totalRolls: 0,
      level: 1,
      xpToNextLevel: 100,
      isRolling: false,
      lastRollResult: null,
      cooldownEndTime: null,
      unlockedAchievements: [],
      recentMoves: [],
      dailyLoginData: { consecutiveDays: 0, totalLogins: 0, hasLoggedInToday: false },
    });
    expect(await ledger(ctx, p.user.id)).toEqual([]);
  });

  it('a forged PUT changes nothing and answers the server state', async () => {
    const p = await registerPlayer(ctx.app);
    await rollOnce(ctx, p.token);
    const before = await state(p.token);
    const ledgerBefore = await ledger(ctx, p.user.id);
    const forged = {
      balance: 1_000_000,
      diceRollsRemaining: 999,
      position: 7,
      totalRolls: 5000,
      totalTokensEarned: 1_000_000,
      jackpotsHit: 99,
      lapsCompleted: 99,
      xp: 5,
      level: 80,
      unlockedAchievements: ['board_master', 'high_roller'],
      recentMoves: [{ position: 7, reward: 100000, tileName: 'Polygon Plaza', timestamp: 1 }],
      dailyLoginData: { consecutiveDays: 100, totalLogins: 100, hasLoggedInToday: true },
    };
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/game-state/state',
      headers: bearer(p.token),
      payload: forged,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual(before);
    expect(await state(p.token)).toEqual(before);
    expect(await ledger(ctx, p.user.id)).toEqual(ledgerBefore);
    // Without a body, or with a malformed one, nothing changes either.
    const bare = await ctx.app.inject({ method: 'PUT', url: '/api/game-state/state', headers: bearer(p.token) });
    expect(json(bare).data).toEqual(before);
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/game-state/state',
      headers: bearer(p.token),
      payload: { balance: 'lots' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(await state(p.token)).toEqual(before);
  });

  it('DELETE resets progress but never balances, and a paid achievement is not paid again', async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 20);
    for (let i = 0; i < 5; i += 1) await rollOnce(ctx, p.token);
    const before = await state(p.token);
    expect(before.unlockedAchievements).toContain('first_roll');

    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/game-state/state', headers: bearer(p.token) });
    expect(res.statusCode).toBe(200);
    const reset = json(res).data;
    expect(reset).toMatchObject({
      balance: before.balance,
      diceRollsRemaining: before.diceRollsRemaining,
      position: 0,
      totalRolls: 0,
      totalTokensEarned: 0,
      jackpotsHit: 0,
      lapsCompleted: 0,
      xp: 0,
      level: 1,
      unlockedAchievements: [],
      recentMoves: [],
    });
    expect(await state(p.token)).toEqual(reset);

    const again = json(await rollOnce(ctx, p.token)).data;
    expect(again.from).toBe(0);
    expect(again.achievementsUnlocked).toEqual([{ id: 'first_roll', name: 'First Roll', reward: 0 }]);
    expect(again.state.balance).toBe(before.balance + again.reward);
    const paid = (await ledger(ctx, p.user.id)).filter((row) => row.reason === 'achievement:first_roll');
    expect(paid).toHaveLength(1);
    const unlocks = (await ctx.database.read.all(unlocksOf, { userId: p.user.id })).map((u) => [
      u.achievementId,
      u.rewardPaid,
    ]);
    expect(unlocks.filter(([id]) => id === 'first_roll')).toEqual([
      ['first_roll', 50],
      ['first_roll', 0],
    ]);
  });
});

describe('GET /api/dice-rolls/balance', () => {
  it('gives remaining, purchased (deposits and purchases) and used (rolls ever)', async () => {
    const p = await registerPlayer(ctx.app);
    expect(json(await get(ctx, '/api/dice-rolls/balance', p.token)).data).toEqual({
      diceRollsRemaining: 10,
      totalDiceRollsPurchased: 0,
      totalDiceRollsUsed: 0,
    });
    await grantDice(ctx, p.user.id, 30);
    const earned = [json(await rollOnce(ctx, p.token)).data, json(await rollOnce(ctx, p.token)).data].reduce(
      (sum, r) => sum + r.levelUpDice + r.lapDice,
      0,
    );
    await ctx.app.inject({ method: 'DELETE', url: '/api/game-state/state', headers: bearer(p.token) });
    expect(json(await get(ctx, '/api/dice-rolls/balance', p.token)).data).toEqual({
      diceRollsRemaining: 38 + earned,
      totalDiceRollsPurchased: 30,
      totalDiceRollsUsed: 2,
    });
  });
});

describe('roll outcomes over many rolls', () => {
  it('every served roll matches the rules: state chains, balance never below 0, xp below the threshold', async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 190);
    let previous: GameProgress | null = null;
    for (let i = 0; i < 200; i += 1) {
      const res = await rollOnce(ctx, p.token);
      expect(res.statusCode).toBe(200);
      const r = json(res).data;
      if (previous) {
        expect(r.from).toBe(previous.position);
        const credited = r.achievementsUnlocked.reduce((t: number, a: { reward: number }) => t + a.reward, 0);
        expect(r.state.balance).toBe(previous.balance + r.reward + r.salary + credited);
        expect(r.salary).toBe(r.passedStart ? PASS_START_SALARY : 0);
        expect(r.state.diceRollsRemaining).toBe(previous.diceRollsRemaining - 1 + r.levelUpDice + r.lapDice);
        expect(r.lapDice).toBe(r.lapCompleted ? LAP_DICE_REWARD : 0);
      }
      expect(r.state.balance).toBeGreaterThanOrEqual(0);
      expect(r.state.xp).toBeLessThan(100 * r.state.level);
      expect(r.isJackpot).toBe(r.tile.type === 'JACKPOT');
      expect(r.lapCompleted).toBe(r.to === 0);
      previous = r.state;
    }
    expect(previous).toMatchObject({ totalRolls: 200 });
    expect(previous!.unlockedAchievements).toContain('hundred_rolls');
    expect(await expectLedgerConsistent(ctx)).toBeGreaterThan(0);
  });
});
