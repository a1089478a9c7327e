import { describe, expect, it } from 'vitest';
import { multiplierUnlock } from '@gogo/shared/rules';
import { effectiveMultiplier, nextLocked, nextMultiplier } from './multiplier';

describe('the roll multiplier', () => {
  it('cycles through the unlocked multipliers and back to x1', () => {
    expect(nextMultiplier(1, 1, 0)).toBe(1);
    const level = multiplierUnlock(3).level;
    expect([1, 2, 3].map((m) => nextMultiplier(m as 1 | 2 | 3, level, 10))).toEqual([2, 3, 1]);
    expect(nextMultiplier(5, 99, 0)).toBe(10);
    expect(nextMultiplier(10, 99, 0)).toBe(1);
  });

  it('rolls at the highest multiplier the dice pay for, never above the chosen one', () => {
    expect(effectiveMultiplier(5, 99, 4)).toBe(3);
    expect(effectiveMultiplier(2, 99, 100)).toBe(2);
    expect(effectiveMultiplier(10, 1, 0)).toBe(1);
  });

  it('names the first locked multiplier', () => {
    expect(nextLocked(1, 0)).toBe(2);
    expect(nextLocked(99, 0)).toBeNull();
  });
});
