import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLaunchDate, formatUsd } from './plainFormat';
import { formatCount } from '@gogo/shared/messages';

// The plain formatters must write exactly what Intl writes: the pages used Intl before.
const intlCount = new Intl.NumberFormat('en-US');
const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const intlDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const intlTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

describe('plain formatters', () => {
  it('write counts as Intl en-US does, for any number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()), (n) => {
        expect(formatCount(n)).toBe(intlCount.format(n));
      }),
      { numRuns: 2000 },
    );
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1000)).toBe('-1,000');
    expect(formatCount(999)).toBe('999');
  });

  it('write dollar amounts as Intl en-US does, for any number', () => {
    const cents = fc.integer({ min: -1e12, max: 1e12 }).map((c) => c / 100);
    fc.assert(
      fc.property(fc.oneof(cents, fc.double(), fc.double({ min: -1e6, max: 1e6 })), (n) => {
        expect(formatUsd(n)).toBe(intlUsd.format(n));
      }),
      { numRuns: 3000 },
    );
    expect(formatUsd(0.1)).toBe('$0.10');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(-2)).toBe('-$2.00');
    expect(formatUsd(0.29)).toBe('$0.29');
    // x.625 is exact in binary but not in cents: times 100 it rounds to an even cent, Intl rounds up.
    expect(formatUsd(-54352668716407.625)).toBe('-$54,352,668,716,407.63');
  });

  it('write the launch moment as Intl en-GB does, for any date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(-1e14), max: new Date(1e14), noInvalidDate: true }), (d) => {
        const iso = d.toISOString();
        expect(formatLaunchDate(iso)).toBe(`${intlDay.format(d)}, ${intlTime.format(d)} UTC`);
      }),
      { numRuns: 2000 },
    );
    expect(formatLaunchDate('2025-12-01T00:00:00.000Z')).toBe('1 December 2025, 00:00 UTC');
    expect(formatLaunchDate('2026-07-09T18:05:00Z')).toBe('9 July 2026, 18:05 UTC');
    expect(() => formatLaunchDate('not a date')).toThrow(RangeError);
  });
});
