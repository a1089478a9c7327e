import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown';

const launch = Date.UTC(2025, 11, 1, 0, 0, 0);

describe('countdownParts', () => {
  it.each([
    [launch - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000, { days: 2, hours: 3, minutes: 4, seconds: 5 }],
    [launch - 1000, { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    [launch - 400, { days: 0, hours: 0, minutes: 0, seconds: 1 }], // a started second still counts
    [launch - 86_400_000, { days: 1, hours: 0, minutes: 0, seconds: 0 }],
    [launch - 400 * 86_400_000, { days: 400, hours: 0, minutes: 0, seconds: 0 }],
  ])('at %d', (now, parts) => {
    expect(countdownParts(launch, now)).toEqual({ done: false, ...parts });
  });

  it('is done, all zero, at and after the launch moment', () => {
    const zero = { done: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(countdownParts(launch, launch)).toEqual(zero);
    expect(countdownParts(launch, launch + 5_000_000)).toEqual(zero);
  });
});
