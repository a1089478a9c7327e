import { describe, expect, it } from 'vitest';
import { counterIncrease } from './useDiceArrivals';

describe('dice arrivals', () => {
  it('the first value is a baseline, not an arrival', () => {
    expect(counterIncrease(null, 250)).toBe(0);
  });

  it('an increase is what arrived; the same or a lower count is not an arrival', () => {
    expect(counterIncrease(10, 260)).toBe(250);
    expect(counterIncrease(260, 260)).toBe(0);
    expect(counterIncrease(260, 200)).toBe(0);
  });
});
