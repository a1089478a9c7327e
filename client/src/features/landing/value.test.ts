import { describe, expect, it } from 'vitest';
import { LAUNCH_PRICE_USD, potentialValueUsd } from '@gogo/shared/rules';
import { valueAt } from './value';

describe('valueAt', () => {
  it('is the rules potential value (balance x 0.1) at the default launch price', () => {
    for (const balance of [0, 1, 7, 99, 1234, 1_000_001]) {
      expect(valueAt(balance, LAUNCH_PRICE_USD)).toBe(potentialValueUsd(balance));
    }
    expect(valueAt(1234, 0.1)).toBe(123.4);
  });

  it('follows a configured price and rounds to cents', () => {
    expect(valueAt(1234, 0.25)).toBe(308.5);
    expect(valueAt(3, 0.333)).toBe(1);
    expect(valueAt(500, 0)).toBe(0);
  });
});
