import { describe, expect, it } from 'vitest';
import {
  formatTimeAgo,
  isValidDicePurchaseCount,
  isValidWithdrawalAmount,
  potentialValueUsd,
  usdForDiceRolls,
} from '../../src/rules/index.js';

describe('money helpers', () => {
  it.each([
    [10, 1],
    [20, 2],
    [150, 15],
    [1, 0.1],
  ])('%i dice rolls cost %d USD', (count, usd) => {
    expect(usdForDiceRolls(count)).toBe(usd);
  });

  it.each([
    [10, true],
    [20, true],
    [1000, true],
    [0, false],
    [5, false],
    [15, false],
    [-10, false],
    [10.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('a purchase of %d rolls is valid: %s', (count, valid) => {
    expect(isValidDicePurchaseCount(count)).toBe(valid);
  });

  it.each([
    [100, 100, true],
    [100, 500, true],
    [500, 500, true],
    [99, 500, false],
    [501, 500, false],
    [150.5, 500, false],
    [100, 99, false],
  ])('withdrawing %d from a balance of %d is valid: %s', (amount, balance, valid) => {
    expect(isValidWithdrawalAmount(amount, balance)).toBe(valid);
  });

  it.each([
    [0, 0],
    [1, 0.1],
    [3, 0.3],
    [7, 0.7],
    [1234, 123.4],
  ])('a balance of %i GOGO is worth %d USD at launch', (balance, usd) => {
    expect(potentialValueUsd(balance)).toBe(usd);
  });
});

describe('formatTimeAgo', () => {
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;
  it.each([
    [-5 * s, '0s'],
    [0, '0s'],
    [999, '0s'],
    [40 * s, '40s'],
    [59 * s + 999, '59s'],
    [m, '1m'],
    [12 * m + 30 * s, '12m'],
    [h, '1h'],
    [5 * h + 59 * m, '5h'],
    [d, '1d'],
    [3 * d + 23 * h, '3d'],
    [400 * d, '400d'],
    [Number.NaN, '0s'],
  ])('%d ms ago is %s', (ms, text) => {
    expect(formatTimeAgo(ms)).toBe(text);
  });
});
