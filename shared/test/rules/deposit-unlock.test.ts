import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DICE_PER_USD,
  MIN_DEPOSIT_USD,
  approvalBound,
  approvalOverBound,
  freeWinsUnlocked,
  isBelowMinimumDeposit,
  type ApprovedPayment,
} from '../../src/rules/index.js';

const usd = fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100);
const payment: fc.Arbitrary<ApprovedPayment> = fc.record({
  kind: fc.constantFrom('deposit' as const, 'purchase' as const),
  usdValue: fc.option(usd, { nil: null }),
});

describe('free-play winnings unlock at the minimum deposit in total', () => {
  it('a 1 wei deposit (worth 0 USD) unlocks nothing, and neither do many of them', () => {
    expect(freeWinsUnlocked([{ kind: 'deposit', usdValue: 0 }])).toBe(false);
    expect(freeWinsUnlocked(Array.from({ length: 1000 }, () => ({ kind: 'deposit' as const, usdValue: 0.01 })))).toBe(
      false,
    );
    expect(isBelowMinimumDeposit({ kind: 'deposit', usdValue: 9.99 })).toBe(true);
    expect(freeWinsUnlocked([{ kind: 'deposit', usdValue: MIN_DEPOSIT_USD }])).toBe(true);
  });

  it('dice purchases count at their price, in total', () => {
    const dollar = { kind: 'purchase' as const, usdValue: 1 };
    expect(freeWinsUnlocked(Array.from({ length: 9 }, () => dollar))).toBe(false);
    expect(freeWinsUnlocked(Array.from({ length: 10 }, () => dollar))).toBe(true);
  });

  it('property: deposits below the minimum never change the answer', () => {
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 20 }), fc.array(usd, { maxLength: 20 }), (payments, dust) => {
        const withDust = [
          ...payments,
          ...dust.filter((d) => d < MIN_DEPOSIT_USD).map((d) => ({ kind: 'deposit' as const, usdValue: d })),
        ];
        expect(freeWinsUnlocked(withDust)).toBe(freeWinsUnlocked(payments));
      }),
    );
  });

  it('property: the order of payments does not matter, and one more payment never locks again', () => {
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 20 }), payment, (payments, extra) => {
        expect(freeWinsUnlocked([...payments].reverse())).toBe(freeWinsUnlocked(payments));
        if (freeWinsUnlocked(payments)) expect(freeWinsUnlocked([...payments, extra])).toBe(true);
      }),
    );
  });

  it('property: unlocked exactly when the counted payments reach the minimum', () => {
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 20 }), (payments) => {
        const counted = payments
          .filter((p) => p.usdValue !== null && !(p.kind === 'deposit' && p.usdValue < MIN_DEPOSIT_USD))
          .reduce((sum, p) => sum + Math.round(p.usdValue! * 100), 0);
        expect(freeWinsUnlocked(payments)).toBe(counted >= MIN_DEPOSIT_USD * 100);
      }),
    );
  });
});

describe("an approval's bound", () => {
  it('is the value at 10 dice a dollar plus 10%, or the same value in GOGO', () => {
    expect(approvalBound(20, 0.1)).toEqual({ dice: 220, gogo: 220 });
    expect(approvalBound(null, 0.1)).toBeNull();
    expect(approvalOverBound(20, { dice: 220, gogo: 0 }, 0.1)).toBeNull();
    expect(approvalOverBound(20, { dice: 221, gogo: 0 }, 0.1)).toBe('diceRollsCount');
    expect(approvalOverBound(20, { dice: 200, gogo: 21 }, 0.1)).toBe('gogoAmount');
    expect(approvalOverBound(20, { dice: 200, gogo: 20 }, 0.1)).toBeNull();
    expect(approvalOverBound(null, { dice: 1, gogo: 0 }, 0.1)).toBe('diceRollsCount');
  });

  it('property: what an approval credits within the bound is worth at most the value plus 10%', () => {
    fc.assert(
      fc.property(usd, fc.nat(100_000), fc.nat(100_000), (value, dice, gogo) => {
        const over = approvalOverBound(value, { dice, gogo }, 0.1);
        const worth = dice / DICE_PER_USD + gogo * 0.1;
        if (over === null) expect(worth).toBeLessThanOrEqual(value * 1.1 + 1e-6);
        else expect(worth).toBeGreaterThan(value * 1.1 - 1e-6);
      }),
    );
  });
});
