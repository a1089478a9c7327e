import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitsBudget,
  formatUnits,
  matchesQuote,
  overBudget,
  payoutUnits,
  redemptionCents,
  returnToPlayer,
} from '../../src/rules/treasury.js';

describe('treasury arithmetic', () => {
  it.each([
    [100, 0.1, 1000],
    [200, 0.1, 2000],
    [333, 0.015, 500], // 4.995 rounds to 5.00
    [0, 0.1, 0],
    [100, 0, 0],
  ])('%i GOGO at $%d is %i cents', (gogo, price, cents) => {
    expect(redemptionCents(gogo, price)).toBe(cents);
  });

  it.each([
    [2000, 3000, 8, '0.00666667'], // $20 in ETH
    [1000, 60000, 8, '0.00016667'], // $10 in BTC
    [2000, 1, 6, '20.00000000'], // $20 in USDC, to the coin's 6 decimals
    [1234, 0.9998, 6, '12.34246800'],
  ])('%i cents at $%d is %s', (cents, price, decimals, amount) => {
    expect(formatUnits(payoutUnits(cents, price, decimals)!)).toBe(amount);
  });

  it('has no quote without a price', () => {
    expect(payoutUnits(1000, 0)).toBeNull();
    expect(payoutUnits(1000, Number.NaN)).toBeNull();
  });

  it('writes minor units exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_000_000_000_000_000 / 1000 }), (units) => {
        const text = formatUnits(units);
        expect(text).toMatch(/^\d+\.\d{8}$/);
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(units));
      }),
    );
  });

  it('a quote pays the USD value within half a unit of the coin', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0.01, max: 200_000, noNaN: true }),
        (cents, price) => {
          const units = payoutUnits(cents, price, 8)!;
          expect(Math.abs((units / 1e8) * price - cents / 100)).toBeLessThanOrEqual((0.5 / 1e8) * price + 1e-9);
        },
      ),
    );
  });

  it('accepts a stated payout within 1 % of the quote only', () => {
    expect(matchesQuote(1_000_000, 1_000_000)).toBe(true);
    expect(matchesQuote(1_009_000, 1_000_000)).toBe(true);
    expect(matchesQuote(1_011_000, 1_000_000)).toBe(false);
    expect(matchesQuote(989_000, 1_000_000)).toBe(false);
  });

  it('marks the queue oldest first: what fits beside what was paid is within, the rest waits', () => {
    expect(overBudget(0, 3000, [2000, 2000, 1000])).toEqual([false, true, false]);
    expect(overBudget(2500, 3000, [1000, 500])).toEqual([true, false]);
    expect(overBudget(99_999, 0, [1, 2])).toEqual([false, false]); // 0: no budget
  });

  it('never lets the marked-within requests exceed the budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 30 }),
        (paid, budget, queue) => {
          const marks = overBudget(paid, budget, queue);
          const within = queue.filter((_, i) => !marks[i]).reduce((a, b) => a + b, 0);
          if (paid <= budget) expect(paid + within).toBeLessThanOrEqual(budget);
          // A request waits only when it does not fit beside what is paid and the older ones within.
          let used = paid;
          queue.forEach((c, i) => {
            expect(marks[i]).toBe(!fitsBudget(used, budget, c));
            if (!marks[i]) used += c;
          });
        },
      ),
    );
  });

  it('reports the return to player per dollar spent', () => {
    expect(returnToPlayer(1000, 0.1, 10)).toBe(10);
    expect(returnToPlayer(1000, 0.1, 0)).toBeNull();
  });
});
