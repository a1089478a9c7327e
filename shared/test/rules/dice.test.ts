import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDrawer, hashServerSeed, verifyRoll } from '../../src/fairness/index.js';
import {
  BOARD_SIZE,
  DICE_MULTIPLIERS,
  FIRST_ROLL_MIN_REWARD,
  initialProgress,
  isMultiplierUnlocked,
  MULTIPLIER_UNLOCKS,
  PASS_START_SALARY,
  passesStart,
  refillAnchorAfter,
  refillDice,
  resolveRoll,
  seededRandom,
  sumLedger,
  unlockedMultipliers,
  xpThreshold,
  type DiceMultiplier,
  type Drawer,
  type GameProgress,
  type RefillPolicy,
  type RefillState,
} from '../../src/rules/index.js';

const MINUTE = 60_000;
const policyArb: fc.Arbitrary<RefillPolicy> = fc.record({
  intervalMs: fc.integer({ min: 1, max: 120 }).map((m) => m * MINUTE),
  cap: fc.integer({ min: 0, max: 50 }),
});
const T0 = Date.UTC(2026, 0, 1);
const stateArb: fc.Arbitrary<RefillState> = fc.record({
  dice: fc.integer({ min: 0, max: 80 }),
  anchor: fc.option(fc.integer({ min: T0, max: T0 + 3 * 86_400_000 }), { nil: null }),
});
const laterArb = fc.integer({ min: 0, max: 2 * 86_400_000 });

/** Applies the refill at `now` as a request would: the credit and the anchor it leaves stored. */
const apply = (s: RefillState, now: number, p: RefillPolicy): RefillState => {
  const r = refillDice(s, now, p);
  return { dice: r.dice, anchor: r.anchor };
};

describe('refillDice', () => {
  it('credits one die per interval from the anchor', () => {
    const policy = { intervalMs: 30 * MINUTE, cap: 10 };
    const r = refillDice({ dice: 2, anchor: T0 }, T0 + 95 * MINUTE, policy);
    expect(r).toEqual({
      credit: 3,
      dice: 5,
      anchor: T0 + 90 * MINUTE,
      nextDieAt: T0 + 120 * MINUTE,
      fullAt: T0 + 90 * MINUTE + 5 * 30 * MINUTE,
    });
  });

  it('stops the clock at the cap, and a stopped clock starts when asked below the cap', () => {
    const policy = { intervalMs: 30 * MINUTE, cap: 10 };
    expect(refillDice({ dice: 9, anchor: T0 }, T0 + 10 * 60 * MINUTE, policy)).toMatchObject({
      credit: 1,
      dice: 10,
      anchor: null,
      nextDieAt: null,
      fullAt: null,
    });
    expect(refillAnchorAfter(9, null, T0 + 5, 10)).toBe(T0 + 5);
    expect(refillAnchorAfter(10, T0, T0 + 5, 10)).toBeNull();
    expect(refillAnchorAfter(4, T0, T0 + 5, 10)).toBe(T0);
  });

  it('never takes the dice above the cap, and dice above it stay', () => {
    fc.assert(
      fc.property(stateArb, laterArb, policyArb, (s, later, p) => {
        const r = refillDice(s, (s.anchor ?? T0) + later, p);
        expect(r.credit).toBeGreaterThanOrEqual(0);
        expect(r.dice).toBe(s.dice + r.credit);
        if (s.dice >= p.cap) expect(r.credit).toBe(0);
        else expect(r.dice).toBeLessThanOrEqual(p.cap);
      }),
    );
  });

  it('never credits twice: applied again at the same moment it credits nothing', () => {
    fc.assert(
      fc.property(stateArb, laterArb, policyArb, (s, later, p) => {
        const now = (s.anchor ?? T0) + later;
        const once = apply(s, now, p);
        expect(refillDice(once, now, p).credit).toBe(0);
      }),
    );
  });

  it('applied at t1 then at t2 credits exactly what applying it once at t2 does', () => {
    fc.assert(
      fc.property(stateArb, laterArb, laterArb, policyArb, (s, a, b, p) => {
        const t1 = (s.anchor ?? T0) + Math.min(a, b);
        const t2 = (s.anchor ?? T0) + Math.max(a, b);
        const twice = apply(apply(s, t1, p), t2, p);
        // A stopped clock (null anchor below the cap) starts at the first application, so compare
        // with a state whose clock started then.
        const direct = apply(s.anchor === null ? { ...s, anchor: t1 } : s, t2, p);
        expect(twice).toEqual(direct);
      }),
    );
  });

  it('is monotone in time: later never credits less, and the next die is never in the past', () => {
    fc.assert(
      fc.property(stateArb, laterArb, laterArb, policyArb, (s, a, b, p) => {
        const base = s.anchor ?? T0;
        const early = refillDice(s, base + Math.min(a, b), p);
        const late = refillDice(s, base + Math.max(a, b), p);
        expect(late.credit).toBeGreaterThanOrEqual(early.credit);
        if (early.nextDieAt !== null) expect(early.nextDieAt).toBeGreaterThan(base + Math.min(a, b));
      }),
    );
  });
});

describe('multiplier unlocks', () => {
  it('x1 is always open and each higher one opens by level or by dice held', () => {
    expect(unlockedMultipliers(1, 0)).toEqual([1]);
    for (const unlock of MULTIPLIER_UNLOCKS) {
      expect(isMultiplierUnlocked(unlock.multiplier, unlock.level, 0)).toBe(true);
      expect(isMultiplierUnlocked(unlock.multiplier, 1, unlock.dice)).toBe(true);
      if (unlock.multiplier > 1)
        expect(isMultiplierUnlocked(unlock.multiplier, unlock.level - 1, unlock.dice - 1)).toBe(false);
    }
    expect(unlockedMultipliers(99, 0)).toEqual([...DICE_MULTIPLIERS]);
  });
});

function seededDrawer(seed: number): Drawer {
  const next = seededRandom(seed);
  return { int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

const progressArb: fc.Arbitrary<GameProgress> = fc
  .record({
    balance: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 100_000 })),
    dice: fc.integer({ min: 0, max: 300 }),
    position: fc.integer({ min: 0, max: BOARD_SIZE - 1 }),
    level: fc.integer({ min: 1, max: 20 }),
  })
  .map(({ dice, level, ...rest }) => ({
    ...initialProgress(),
    ...rest,
    level,
    xp: Math.floor(xpThreshold(level) / 2),
    diceRollsRemaining: dice,
    unlockedAchievements: [],
    rewardedAchievements: [],
  }));
const multiplierArb = fc.constantFrom(...DICE_MULTIPLIERS);

describe('a multiplied roll', () => {
  it('spends exactly N dice and multiplies exactly that roll: the tile and the salary, never XP or dice rewards', () => {
    fc.assert(
      fc.property(progressArb, multiplierArb, fc.integer({ min: 0, max: 0xffffffff }), (state, times, seed) => {
        fc.pre(isMultiplierUnlocked(times, state.level, state.diceRollsRemaining));
        fc.pre(state.diceRollsRemaining >= times);
        const one = resolveRoll(state, seededDrawer(seed), 0);
        const many = resolveRoll(state, seededDrawer(seed), 0, undefined, { multiplier: times });
        expect(many.outcome.die).toBe(one.outcome.die);
        expect(many.outcome.multiplier).toBe(times);
        expect(many.ledger.filter((d) => d.reason === 'roll')).toEqual([
          { asset: 'DICE', amount: -times, type: 'purchase', reason: 'roll' },
        ]);
        const diceRewards = (r: typeof one) => r.outcome.levelUpDice + r.outcome.lapDice;
        expect(many.state.diceRollsRemaining).toBe(state.diceRollsRemaining - times + diceRewards(many));
        expect(many.outcome.xpGained).toBe(one.outcome.xpGained);
        expect(many.outcome.lapDice).toBe(one.outcome.lapDice);
        // Gains and penalties scale alike; a penalty still stops at a balance of 0. (A penalty the
        // floor already cut at x1 hides its full amount, so it is only checked against the floor.)
        const tile = one.outcome.reward;
        if (tile >= 0 || tile > -state.balance) {
          expect(many.outcome.reward).toBe(Math.max(tile * times, -state.balance));
        }
        expect(many.outcome.reward).toBeGreaterThanOrEqual(-state.balance);
        expect(many.outcome.salary).toBe(one.outcome.salary * times);
        const sums = sumLedger(many.ledger);
        expect(many.state.balance).toBe(state.balance + sums.GOGO);
        expect(many.state.diceRollsRemaining).toBe(state.diceRollsRemaining + sums.DICE);
      }),
      { numRuns: 400 },
    );
  });

  it('is refused when locked or when fewer dice than N are left', () => {
    const start = { ...initialProgress(), diceRollsRemaining: 5 };
    expect(() => resolveRoll(start, seededDrawer(1), 0, undefined, { multiplier: 2 })).toThrow(
      expect.objectContaining({ code: 'MULTIPLIER_LOCKED' }),
    );
    const leveled = { ...start, level: 20, diceRollsRemaining: 4 };
    expect(() => resolveRoll(leveled, seededDrawer(1), 0, undefined, { multiplier: 5 })).toThrow(
      expect.objectContaining({ code: 'NO_ROLLS' }),
    );
  });
});

describe('passing Start', () => {
  it('pays the salary when the path crosses Start before its last step, not when it lands there', () => {
    expect(passesStart([2, 1, 0, 19])).toBe(true);
    expect(passesStart([2, 1, 0])).toBe(false);
    expect(passesStart([18, 17])).toBe(false);
    for (let seed = 0; seed < 300; seed += 1) {
      const state = { ...initialProgress(), position: 3 };
      const { outcome, ledger } = resolveRoll(state, seededDrawer(seed), 0);
      expect(outcome.passedStart).toBe(outcome.die > 3);
      expect(outcome.salary).toBe(outcome.die > 3 ? PASS_START_SALARY : 0);
      expect(ledger.some((d) => d.reason === 'pass_start')).toBe(outcome.die > 3);
      expect(outcome.lapCompleted).toBe(outcome.die === 3);
    }
  });
});

const hexSeedArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));

describe('the first roll and the verifier', () => {
  it('the first roll never loses: its tile pays at least the floor, whatever the draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 500 }), (seed, balance) => {
        const state = { ...initialProgress(), balance };
        const { outcome } = resolveRoll(state, seededDrawer(seed), 0, undefined, { firstRoll: true });
        expect(outcome.reward).toBeGreaterThanOrEqual(FIRST_ROLL_MIN_REWARD);
      }),
    );
  });

  it('reproduces multiplied and first rolls from the revealed seed', () => {
    fc.assert(
      fc.property(
        hexSeedArb,
        fc.integer({ min: 0, max: 1000 }),
        progressArb,
        multiplierArb,
        fc.boolean(),
        (serverSeed, nonce, state, times, firstRoll) => {
          fc.pre(isMultiplierUnlocked(times, state.level, state.diceRollsRemaining));
          fc.pre(state.diceRollsRemaining >= times);
          const { outcome } = resolveRoll(state, createDrawer(serverSeed, 'c', nonce), 0, undefined, {
            multiplier: times,
            firstRoll,
          });
          const claim = {
            serverSeed,
            serverSeedHash: hashServerSeed(serverSeed),
            clientSeed: 'c',
            nonce,
            from: state.position,
            die: outcome.die,
            rawReward: outcome.rawReward,
            reward: outcome.reward,
            multiplier: times as DiceMultiplier,
            firstRoll,
          };
          expect(verifyRoll(claim).valid).toBe(true);
          // Recorded at x1, a multiplied gain does not verify: the multiplier is part of the record.
          if (times > 1 && outcome.reward > 0) expect(verifyRoll({ ...claim, multiplier: 1 }).valid).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
