import {
  DICE_PER_USD,
  DICE_PURCHASE_STEP,
  MIN_DICE_PURCHASE,
  MIN_WITHDRAWAL_GOGO,
  POTENTIAL_VALUE_RATE,
} from './economy.js';

/** Price in USD of `count` dice rolls (1 USD = 10 rolls). */
export function usdForDiceRolls(count: number): number {
  return count / DICE_PER_USD;
}

/** A purchase is a whole number of rolls, at least 10, in steps of 10. */
export function isValidDicePurchaseCount(count: number): boolean {
  return Number.isSafeInteger(count) && count >= MIN_DICE_PURCHASE && count % DICE_PURCHASE_STEP === 0;
}

/** Whole GOGO, at least 100, at most the balance (decisions.md section 4). */
export function isValidWithdrawalAmount(amount: number, balance: number): boolean {
  return Number.isSafeInteger(amount) && amount >= MIN_WITHDRAWAL_GOGO && amount <= balance;
}

/** USD value of a GOGO balance at the launch price, rounded to cents to drop float noise. */
export function potentialValueUsd(balance: number): number {
  return Math.round(balance * POTENTIAL_VALUE_RATE * 100) / 100;
}

const TIME_UNITS: readonly [suffix: string, ms: number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/** Elapsed time in its largest whole unit: '3d', '5h', '12m', '40s' (negative or tiny: '0s'). */
export function formatTimeAgo(elapsedMs: number): string {
  const elapsed = Number.isFinite(elapsedMs) ? Math.max(0, elapsedMs) : 0;
  for (const [suffix, ms] of TIME_UNITS) {
    if (elapsed >= ms) return `${Math.floor(elapsed / ms)}${suffix}`;
  }
  return '0s';
}
