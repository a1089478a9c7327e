import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@gogo/shared/api';
import { gameText } from '@gogo/shared/messages';
import {
  DEFAULT_DICE_REFILL_CAP,
  DEFAULT_DICE_REFILL_MINUTES,
  FIRST_ROLL_MIN_REWARD,
  multiplierUnlock,
  STARTING_DICE_ROLLS,
} from '@gogo/shared/rules';
import { verifyRoll } from '@gogo/shared/fairness';
import { sql } from '../src/db/sql.js';
import { lockGameState } from '../src/modules/ledger/index.js';
import { bearer, json, registerPlayer, type TestContext } from './helpers.js';
import { appForFile, get, grantDice, rollOnce } from './engine-helpers.js';

let ctx: TestContext;
appForFile((made) => (ctx = made));

const MINUTE = 60_000;
const INTERVAL = DEFAULT_DICE_REFILL_MINUTES * MINUTE;
const CAP = DEFAULT_DICE_REFILL_CAP;

const refillRows = sql<{ userId: number }, { amount: number }>(
  `SELECT amount FROM ledger_entries WHERE user_id = :userId AND reason = 'dice_refill' ORDER BY id`,
);
const setLevel = sql<{ userId: number; level: number }>(
  'UPDATE game_states SET level = :level WHERE user_id = :userId',
);
const refills = async (userId: number) => (await ctx.database.read.all(refillRows, { userId })).map((r) => r.amount);
const state = async (token: string) => json(await get(ctx, '/api/game-state/state', token)).data;
const claim = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/daily-dice-roll/claim', headers: bearer(token) });

/** Rolls at x1 until the player holds `dice` (each roll may pay lap or level dice back). */
async function rollDownTo(token: string, dice: number) {
  for (let i = 0; i < 40; i += 1) {
    const held = (await state(token)).diceRollsRemaining;
    if (held <= dice) return held;
    expect((await rollOnce(ctx, token)).statusCode).toBe(200);
  }
  throw new Error('could not roll down');
}

describe('dice refill', () => {
  it('shows the refill on read without writing, and credits it with its own ledger row on the next roll', async () => {
    const p = await registerPlayer(ctx.app);
    const start = await state(p.token);
    expect(start.diceRollsRemaining).toBe(STARTING_DICE_ROLLS);
    // Ten dice are the cap: nothing to refill, the clock is stopped.
    expect(start.diceRefill).toEqual({
      cap: CAP,
      intervalSeconds: INTERVAL / 1000,
      nextDieAt: null,
      secondsToNextDie: null,
      diceFullAt: null,
    });

    const held = await rollDownTo(p.token, CAP - 2);
    const below = await state(p.token);
    // The clock started when a roll took the dice below the cap, a few seconds ago at most.
    const { nextDieAt, diceFullAt, secondsToNextDie } = below.diceRefill;
    expect(nextDieAt).toBeGreaterThan(ctx.clock());
    expect(nextDieAt).toBeLessThanOrEqual(ctx.clock() + INTERVAL);
    expect(secondsToNextDie).toBe(Math.ceil((nextDieAt - ctx.clock()) / 1000));
    expect(diceFullAt).toBe(nextDieAt + (CAP - held - 1) * INTERVAL);

    // At the next die's time it shows on read; nothing is written until a request changes value.
    ctx.clock.set(nextDieAt);
    expect((await state(p.token)).diceRollsRemaining).toBe(held + 1);
    expect(await refills(p.user.id)).toEqual([]);

    // A long absence refills to the cap and no further.
    ctx.clock.advance(24 * 60 * MINUTE);
    const full = await state(p.token);
    expect(full.diceRollsRemaining).toBe(CAP);
    expect(full.diceRefill.nextDieAt).toBeNull();
    expect(full.diceRefill.diceFullAt).toBeNull();

    const roll = json(await rollOnce(ctx, p.token)).data;
    expect(await refills(p.user.id)).toEqual([CAP - held]);
    expect(roll.state.diceRollsRemaining).toBe(CAP - 1 + roll.levelUpDice + roll.lapDice);
  });

  it('never credits twice when requests arrive at the same moment', async () => {
    const p = await registerPlayer(ctx.app);
    const held = await rollDownTo(p.token, CAP - 3);
    ctx.clock.advance(3 * INTERVAL + 1000);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/game/roll', headers: bearer(p.token), payload: {} }),
      ),
      claim(p.token),
      claim(p.token),
    ]);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(2);
    expect(await refills(p.user.id)).toEqual([CAP - held]);
  });

  it('keeps dice above the cap: a claim on top of the refill stays, and the clock stops there', async () => {
    const p = await registerPlayer(ctx.app);
    const held = await rollDownTo(p.token, CAP - 2);
    ctx.clock.advance(INTERVAL);
    const claimed = json(await claim(p.token)).data;
    expect(claimed.diceRollsRemaining).toBe(held + 1 + claimed.diceRollsAdded);
    expect(await refills(p.user.id)).toEqual([1]);
    ctx.clock.advance(10 * INTERVAL);
    const after = await state(p.token);
    expect(after.diceRollsRemaining).toBe(claimed.diceRollsRemaining);
    expect(after.diceRefill.nextDieAt).toBeNull();
  });
});

describe('dice multiplier', () => {
  it('refuses a locked multiplier with MULTIPLIER_LOCKED and an invalid one with VALIDATION_ERROR', async () => {
    const p = await registerPlayer(ctx.app);
    const locked = await rollOnce(ctx, p.token, { multiplier: 2 });
    expect(locked.statusCode).toBe(400);
    const unlock = multiplierUnlock(2);
    expect(json(locked).error).toMatchObject({
      code: ErrorCode.MULTIPLIER_LOCKED,
      message: gameText.multiplierLocked(2, unlock.level, unlock.dice),
    });
    const invalid = await rollOnce(ctx, p.token, { multiplier: 4 });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).error.code).toBe('VALIDATION_ERROR');
    expect((await state(p.token)).diceRollsRemaining).toBe(STARTING_DICE_ROLLS);
  });

  it('spends N dice, multiplies that roll, records it, replays it by requestId and verifies after rotation', async () => {
    const p = await registerPlayer(ctx.app);
    // Held dice unlock x5 (80 dice): the roll spends five of them.
    await grantDice(ctx, p.user.id, multiplierUnlock(5).dice);
    const before = (await state(p.token)).diceRollsRemaining;
    const res = await rollOnce(ctx, p.token, { multiplier: 5, requestId: 'x5-roll' });
    expect(res.statusCode).toBe(200);
    const roll = json(res).data;
    expect(roll.multiplier).toBe(5);
    expect(roll.state.diceRollsRemaining).toBe(before - 5 + roll.levelUpDice + roll.lapDice);
    expect(roll.salary).toBe(roll.passedStart ? 50 : 0);

    // The same request again answers the same roll and spends nothing.
    const again = await rollOnce(ctx, p.token, { multiplier: 5, requestId: 'x5-roll' });
    expect(again.headers['x-roll-replayed']).toBe('1');
    expect(json(again).data.rollId).toBe(roll.rollId);
    expect((await state(p.token)).diceRollsRemaining).toBe(roll.state.diceRollsRemaining);

    await rollOnce(ctx, p.token, { multiplier: 1 });
    const rotate = await ctx.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: bearer(p.token) });
    expect(rotate.statusCode).toBe(200);
    const rolls = json(await get(ctx, '/api/fairness/rolls', p.token)).data.rolls;
    const recorded = rolls.find((r: { rollId: number }) => r.rollId === roll.rollId);
    expect(recorded).toMatchObject({ multiplier: 5, firstRoll: true, reward: roll.reward });
    for (const r of rolls) {
      expect(verifyRoll({ ...r, serverSeed: r.serverSeed }).valid, JSON.stringify(r)).toBe(true);
    }
  });

  it('answers NO_ROLLS when the multiplier is unlocked by level but fewer dice than N are left', async () => {
    const p = await registerPlayer(ctx.app);
    // A player of level 12 (x10 unlocked by level) with the starting ten dice.
    await ctx.database.write(async (tx) => {
      await lockGameState(tx, p.user.id, ctx.clock());
      await tx.run(setLevel, { userId: p.user.id, level: multiplierUnlock(10).level });
    });
    const first = await rollOnce(ctx, p.token, { multiplier: 10 });
    expect(first.statusCode).toBe(200);
    const left = json(first).data.state.diceRollsRemaining;
    const res = await rollOnce(ctx, p.token, { multiplier: 10 });
    if (left >= 10) return; // a lap or a level paid ten dice back: nothing to refuse
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatchObject({ code: ErrorCode.NO_ROLLS, message: gameText.noRollsLeft });
    expect((await state(p.token)).diceRollsRemaining).toBe(left);
  });
});

describe('the first roll', () => {
  it('never loses: five new accounts all gain on roll 1, and the verifier reproduces it', async () => {
    for (let i = 0; i < 5; i += 1) {
      const p = await registerPlayer(ctx.app);
      const roll = json(await rollOnce(ctx, p.token)).data;
      expect(roll.firstRoll).toBe(true);
      expect(roll.reward).toBeGreaterThanOrEqual(FIRST_ROLL_MIN_REWARD);
      const second = json(await rollOnce(ctx, p.token)).data;
      expect(second.firstRoll).toBe(false);
    }
  });
});
