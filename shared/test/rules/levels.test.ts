import { describe, expect, it } from 'vitest';
import { applyXp, xpThreshold } from '../../src/rules/index.js';

describe('levels', () => {
  it.each([
    [1, 100],
    [2, 200],
    [7, 700],
  ])('level %i needs %i XP', (level, threshold) => {
    expect(xpThreshold(level)).toBe(threshold);
  });

  it.each([
    // xp, level, gained -> xp, level, levelUps
    [0, 1, 0, 0, 1, []],
    [0, 1, 99, 99, 1, []],
    [0, 1, 100, 0, 2, [2]],
    [90, 1, 15, 5, 2, [2]],
    [0, 1, 299, 199, 2, [2]],
    [0, 1, 300, 0, 3, [2, 3]],
    [50, 1, 600, 50, 4, [2, 3, 4]],
    [199, 2, 1, 0, 3, [3]],
    [0, 5, 499, 499, 5, []],
  ])('xp %i at level %i + %i gives xp %i level %i (ups %j)', (xp, level, gained, nextXp, nextLevel, levelUps) => {
    expect(applyXp(xp, level, gained)).toEqual({ xp: nextXp, level: nextLevel, levelUps });
  });
});
