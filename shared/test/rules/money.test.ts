import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CRYPTO_TYPES,
  MAX_MONEY_AMOUNT,
  MONEY_SCALE,
  fromMinorUnits,
  toMinorUnits,
  REFERRAL_CODE_ALPHABET,
  cryptoForUsd,
  depositAmountStep,
  describeLedgerReason,
  BOARDS,
  TILES,
  tileReason,
  dicePurchaseAmountMatches,
  diceRollsForUsd,
  formatTransactionAmount,
  isReferralCodeInputValid,
  isValidCryptoAmount,
  isWellFormedReferralCode,
  meetsMinimumDeposit,
  normalizeReferralCode,
  normalizeTxHash,
  referralCodeFromBytes,
  referralRewardDue,
  showsMinimumDepositHint,
  usdValueOf,
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

describe('crypto amounts and prices', () => {
  it.each([
    [0.5, 'BTC', true],
    [0.00000001, 'BTC', true],
    [0.000000001, 'BTC', false],
    [1e-7, 'ETH', true],
    [10.01, 'USDT', true],
    [10.001, 'USDC', false],
    [0, 'SOL', false],
    [-1, 'SOL', false],
    [Number.NaN, 'SOL', false],
    [Number.POSITIVE_INFINITY, 'BTC', false],
  ] as const)('isValidCryptoAmount(%d, %s) is %s', (amount, crypto, ok) => {
    expect(isValidCryptoAmount(amount, crypto)).toBe(ok);
  });

  it('steps: cents for stablecoins, any for the others', () => {
    expect(CRYPTO_TYPES.map(depositAmountStep)).toEqual(['any', 'any', 'any', 0.01, 0.01]);
  });

  it('values and the minimum deposit', () => {
    expect(usdValueOf(0.5, 3000)).toBe(1500);
    expect(usdValueOf(0.1, 0.1 + 0.2)).toBe(0.03);
    expect(meetsMinimumDeposit(10)).toBe(true);
    expect(meetsMinimumDeposit(9.99)).toBe(false);
    expect(showsMinimumDepositHint(0)).toBe(false);
    expect(showsMinimumDepositHint(5)).toBe(true);
    expect(showsMinimumDepositHint(10)).toBe(false);
    expect(showsMinimumDepositHint(null)).toBe(false);
  });

  it('quotes round up so that paying the quote always covers the price', () => {
    expect(cryptoForUsd(10, 60000, 'BTC')).toBe(0.00016667);
    expect(cryptoForUsd(10, 1, 'USDT')).toBe(10);
    expect(cryptoForUsd(10, 3, 'USDC')).toBe(3.34);
    expect(cryptoForUsd(10, 0, 'BTC')).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0.01, max: 200_000, noNaN: true }),
        fc.constantFrom(...CRYPTO_TYPES),
        (cents, price, crypto) => {
          const usd = cents / 100;
          const amount = cryptoForUsd(usd, price, crypto)!;
          return amount * price >= usd * (1 - 1e-9);
        },
      ),
    );
  });

  it('dice purchase prices', () => {
    expect(dicePurchaseAmountMatches(10, 1)).toBe(true);
    expect(dicePurchaseAmountMatches(30, 3.0000001)).toBe(true);
    expect(dicePurchaseAmountMatches(30, 3.01)).toBe(false);
    expect(diceRollsForUsd(1500)).toBe(15000);
    expect(diceRollsForUsd(0.99)).toBe(9);
    expect(diceRollsForUsd(-1)).toBe(0);
  });
});

describe('transaction hashes', () => {
  it('normalises hex hashes (case, 0x) and keeps base58 signatures', () => {
    const hex = 'AB'.repeat(32);
    expect(normalizeTxHash(`0x${hex}`)).toBe(hex.toLowerCase());
    expect(normalizeTxHash(` ${hex.toLowerCase()} `)).toBe(hex.toLowerCase());
    const sig = '3xYz'.repeat(22);
    expect(normalizeTxHash(sig)).toBe(sig);
    expect(normalizeTxHash('')).toBeNull();
    expect(normalizeTxHash('short')).toBeNull();
    expect(normalizeTxHash('has spaces in it ok')).toBeNull();
  });
});

describe('referral codes', () => {
  it('the alphabet has no 0, O, 1, I or L', () => {
    expect(REFERRAL_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(new Set(REFERRAL_CODE_ALPHABET).size).toBe(REFERRAL_CODE_ALPHABET.length);
  });

  it('codes from bytes are uniform over the alphabet and skip biased bytes', () => {
    expect(referralCodeFromBytes(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('ABCDEFGH');
    expect(referralCodeFromBytes(new Uint8Array([255, 248, 0, 1, 2, 3, 4, 5, 6, 7]))).toBe('ABCDEFGH');
    expect(referralCodeFromBytes(new Uint8Array([0, 1, 2]))).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const code = referralCodeFromBytes(bytes);
        return code === null || isWellFormedReferralCode(code);
      }),
    );
  });

  it('input rule: trimmed length of at least 4', () => {
    expect(isReferralCodeInputValid(' abcd ')).toBe(true);
    expect(isReferralCodeInputValid(' abc ')).toBe(false);
    expect(normalizeReferralCode(' abcd ')).toBe('ABCD');
    expect(isWellFormedReferralCode('ABCD')).toBe(true);
    expect(isWellFormedReferralCode('ABC')).toBe(false);
    expect(isWellFormedReferralCode('ABCO')).toBe(false);
    expect(isWellFormedReferralCode('A'.repeat(17))).toBe(false);
  });

  it('the reward is due from the 30th roll, once', () => {
    expect(referralRewardDue(29, false)).toBe(false);
    expect(referralRewardDue(30, false)).toBe(true);
    expect(referralRewardDue(31, false)).toBe(true);
    expect(referralRewardDue(30, true)).toBe(false);
  });
});

describe('history display', () => {
  it.each([
    [20, 'GOGO', true, '+20 GOGO'],
    [-15, 'GOGO', true, '-15 GOGO'],
    [150, 'GOGO', false, '150 GOGO'],
    [10, 'DICE', true, '+10 dice rolls'],
    [-1, 'DICE', true, '-1 dice roll'],
    [3, 'USD', false, '$3.00'],
    [0.5, 'BTC', false, '0.5 BTC'],
    [0.1 + 0.2, 'ETH', false, '0.3 ETH'],
  ] as const)('formatTransactionAmount(%d, %s, %s) is %s', (amount, currency, signed, text) => {
    expect(formatTransactionAmount(amount, currency, signed)).toBe(text);
  });

  it('describes ledger reasons', () => {
    expect(describeLedgerReason('tile:6')).toBe('Landed on DeFi Jackpot');
    // A property's GOGO names the tile of the board the player stood on.
    const property = TILES.find((t) => t.type === 'PROPERTY')!;
    expect(describeLedgerReason(tileReason(property.id, 1))).toBe(`Landed on ${property.name}`);
    expect(describeLedgerReason(tileReason(property.id, 2))).toBe(`Landed on ${BOARDS[1]!.propertyNames[property.id]}`);
    expect(BOARDS[1]!.propertyNames[property.id]).not.toBe(property.name);
    expect(describeLedgerReason('achievement:first_roll')).toBe('Achievement unlocked: First Roll');
    expect(describeLedgerReason('referral')).toBe('Referral reward: a friend deposited $10');
    expect(describeLedgerReason('some_new_reason')).toBe('Some new reason');
    expect(describeLedgerReason('')).toBe('Balance change');
  });
});

describe('exact minor units of money amounts', () => {
  it('reads an amount by its decimal digits, not its binary value', () => {
    expect(toMinorUnits(0.1)).toBe(10_000_000);
    expect(toMinorUnits(0.0001)).toBe(10_000);
    expect(toMinorUnits(1e-7)).toBe(10);
    expect(toMinorUnits(1.5e-7)).toBe(15);
    expect(toMinorUnits(123.45)).toBe(12_345_000_000);
    expect(toMinorUnits(150)).toBe(15_000_000_000);
    expect(toMinorUnits(0.12345678)).toBe(12_345_678);
    expect(toMinorUnits(MAX_MONEY_AMOUNT)).toBe(MAX_MONEY_AMOUNT * MONEY_SCALE);
  });

  it('refuses more than 8 decimals, negatives, non-finite and too large amounts', () => {
    for (const bad of [0.123456789, 1e-9, -1, Number.NaN, Infinity, MAX_MONEY_AMOUNT + 1]) {
      expect(toMinorUnits(bad), String(bad)).toBeNull();
    }
  });

  it('round-trips through fromMinorUnits', () => {
    for (const amount of [0.5, 0.00016667, 1500, 10.01, 0.066667, 89_999_999.5]) {
      expect(fromMinorUnits(toMinorUnits(amount)!)).toBe(amount);
    }
  });
});
