import { describe, expect, it } from 'vitest';
import type { RollResult } from '@gogo/shared/api';
import { tileAt } from '@gogo/shared/rules';
import {
  coinsFor,
  landingKind,
  planDurationMs,
  planRoll,
  signedGogo,
  walkPath,
  winIntensity,
  winTone,
} from './rollPlan';

function result(overrides: Partial<RollResult> = {}): RollResult {
  const to = overrides.to ?? 17;
  const tile = tileAt(to);
  return {
    rollId: 7,
    die: 3,
    die1: 3,
    die2: 0,
    total: 3,
    from: 0,
    to,
    path: [19, 18, 17],
    tile: { ...tile },
    rawReward: 120,
    boardNumber: 1,
    propertyLevel: 0,
    rewardMultiplier: 1,
    reward: 12,
    multiplier: 1,
    firstRoll: false,
    passedStart: false,
    salary: 0,
    levelUpDice: 0,
    lapDice: 0,
    xpGained: 12,
    levelUps: [],
    lapCompleted: false,
    isJackpot: false,
    achievementsUnlocked: [],
    state: {} as RollResult['state'],
    fairness: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const full = { animations: true, particles: true };
const reduced = { animations: false, particles: true };

describe('mapping a server roll to board animation', () => {
  it('walks backwards one tile per step and ends on the server position', () => {
    const plan = planRoll(result(), full);
    expect(plan.path).toEqual([19, 18, 17]);
    expect(plan.to).toBe(17);
    expect(plan.die).toBe(3);
    expect(plan.stepDelayMs).toBe(380);
    // The die stops and the first hop starts within the spec's second; steps keep 380 ms.
    expect(plan.tumbleMs + plan.settleMs).toBeLessThanOrEqual(800);
  });

  it('wraps across Start', () => {
    const plan = planRoll(result({ from: 2, die: 5, to: 17, path: [1, 0, 19, 18, 17] }), full);
    expect(plan.path).toEqual([1, 0, 19, 18, 17]);
  });

  it('rebuilds the walk from from/die/to when the path is missing, never moving elsewhere than to', () => {
    expect(walkPath({ from: 3, die: 2, to: 1, path: [] })).toEqual([2, 1]);
    // An inconsistent answer: the token goes straight to the server's tile.
    expect(walkPath({ from: 3, die: 2, to: 9, path: [2, 1] })).toEqual([9]);
  });

  it('labels gains, losses, zero and jackpots', () => {
    expect(planRoll(result({ reward: 12 }), full).landing).toMatchObject({ kind: 'gain', label: '+12 GOGO' });
    expect(planRoll(result({ reward: -15, rawReward: -150 }), full).landing).toMatchObject({
      kind: 'loss',
      label: '-15 GOGO',
    });
    expect(planRoll(result({ reward: 0, rawReward: -4 }), full).landing).toMatchObject({
      kind: 'neutral',
      label: '0 GOGO',
    });
    expect(landingKind({ reward: 75, isJackpot: true })).toBe('jackpot');
    expect(signedGogo(1234)).toBe('+1,234 GOGO');
  });

  it('bursts particles only for gains with particles and animations on', () => {
    expect(planRoll(result({ reward: 12 }), full).particles).toBe(true);
    expect(planRoll(result({ reward: -5 }), full).particles).toBe(false);
    expect(planRoll(result({ reward: 12 }), { animations: true, particles: false }).particles).toBe(false);
    expect(planRoll(result({ reward: 12 }), reduced).particles).toBe(false);
  });

  it('skips the tumble and the step delays under reduced motion', () => {
    const plan = planRoll(result(), reduced);
    expect(plan.tumbleMs).toBe(0);
    expect(plan.settleMs).toBe(0);
    expect(plan.stepDelayMs).toBe(0);
    expect(plan.to).toBe(17);
    expect(planDurationMs(plan)).toBeLessThan(500);
  });

  it('estimates the full animation time', () => {
    const plan = planRoll(result(), full);
    expect(planDurationMs(plan)).toBe(plan.tumbleMs + plan.settleMs + 3 * 380 + plan.landingMs);
  });
});

describe('the size of a win', () => {
  it('coins, pitch and loudness rise with the amount and never fall', () => {
    let before = { coins: 0, rate: 0, volume: 0 };
    for (const amount of [1, 5, 10, 15, 30, 60, 100, 250, 500, 1000, 5000]) {
      const tone = winTone(amount);
      const now = { coins: coinsFor(amount, false), ...tone };
      expect(now.coins).toBeGreaterThanOrEqual(before.coins);
      expect(now.rate).toBeGreaterThan(before.rate === 0 ? 0 : before.rate - 1e-9);
      expect(now.volume).toBeLessThanOrEqual(1);
      before = now;
    }
    expect(winTone(500).rate).toBeGreaterThan(winTone(5).rate);
    expect(coinsFor(100, false)).toBeGreaterThan(coinsFor(5, false));
    expect(winIntensity(0)).toBe(0);
    expect(winIntensity(-20)).toBe(0);
  });
});

describe('fast rolls', () => {
  it('halve the die, the steps and the landing; the default is the spec tempo', () => {
    const normal = planRoll(result(), { animations: true, particles: true });
    const fast = planRoll(result(), { animations: true, particles: true, fast: true });
    expect(normal.stepDelayMs).toBe(380);
    expect(fast.stepDelayMs).toBe(190);
    expect(fast.tumbleMs + fast.settleMs).toBe((normal.tumbleMs + normal.settleMs) / 2);
    expect(planDurationMs(fast)).toBe(planDurationMs(normal) / 2);
  });
});
