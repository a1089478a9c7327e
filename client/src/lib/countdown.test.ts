import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('formatCountdown', () => {
  it.each([
    [-5000, '0s'],
    [12_400, '12s'],
    [249_000, '4m 09s'],
    [3 * 3_600_000 + 5 * 60_000, '3h 05m'],
    [2 * 86_400_000 + 4 * 3_600_000 + 1, '2d 4h'],
  ])('%d ms is %s', (ms, text) => expect(formatCountdown(ms)).toBe(text));
});
