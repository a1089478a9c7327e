import { DICE_PER_USD, MIN_DEPOSIT_USD } from './economy.js';

/**
 * What the free-play unlock and an admin's approval know of one approved payment: whether it was a
 * transfer of crypto (a deposit) or a priced dice purchase, and its USD value when it was credited
 * (null when no price was known then).
 */
export interface ApprovedPayment {
  kind: 'deposit' | 'purchase';
  usdValue: number | null;
}

/** Whole cents, so that sums of many payments compare exactly with the minimum. */
const cents = (usd: number) => Math.round(usd * 100);

/**
 * A deposit worth less than the minimum deposit is dust: it is credited at its value but is not what
 * makes free-play winnings withdrawable. A purchase is priced by the shop (its own minimum).
 */
export function isBelowMinimumDeposit(payment: ApprovedPayment): boolean {
  if (payment.kind !== 'deposit') return false;
  return (
    payment.usdValue === null || !Number.isFinite(payment.usdValue) || cents(payment.usdValue) < cents(MIN_DEPOSIT_USD)
  );
}

/** The USD (in cents) a payment adds toward the unlock: dust and payments of unknown value add nothing. */
export function unlockCentsOf(payment: ApprovedPayment): number {
  if (isBelowMinimumDeposit(payment) || payment.usdValue === null || !Number.isFinite(payment.usdValue)) return 0;
  return Math.max(0, cents(payment.usdValue));
}

/**
 * GOGO won with free dice becomes withdrawable once the player's approved payments reach the
 * minimum deposit in total, each counted at its USD value when it was credited.
 */
export function freeWinsUnlocked(payments: readonly ApprovedPayment[]): boolean {
  let total = 0;
  for (const p of payments) total += unlockCentsOf(p);
  return total >= cents(MIN_DEPOSIT_USD);
}

/** An approval may credit 10% above the value's worth without a reason: rounding and a small goodwill. */
export const APPROVAL_TOLERANCE = 0.1;

/**
 * The most an admin may credit for a payment of `usdValue` without giving a reason: its dice at
 * DICE_PER_USD plus the tolerance, and the same bound in GOGO at `gogoPriceUsd`. Null when the value
 * or the price is unknown (then only a reason lets the approval through).
 */
export function approvalBound(
  usdValue: number | null,
  gogoPriceUsd: number,
): { dice: number; gogo: number | null } | null {
  if (usdValue === null || !Number.isFinite(usdValue) || usdValue < 0) return null;
  const worth = (cents(usdValue) / 100) * (1 + APPROVAL_TOLERANCE);
  return {
    dice: Math.floor(worth * DICE_PER_USD + 1e-9),
    gogo: Number.isFinite(gogoPriceUsd) && gogoPriceUsd > 0 ? Math.floor(worth / gogoPriceUsd + 1e-9) : null,
  };
}

/**
 * The field of an approval that credits more than the payment is worth (without a reason), or null.
 * Dice and GOGO share the one bound: the dice at DICE_PER_USD plus the GOGO at `gogoPriceUsd` are
 * worth at most the payment plus the tolerance. An unknown value bounds everything.
 */
export function approvalOverBound(
  usdValue: number | null,
  credit: { dice: number; gogo: number },
  gogoPriceUsd: number,
): 'diceRollsCount' | 'gogoAmount' | null {
  const bound = approvalBound(usdValue, gogoPriceUsd);
  if (!bound) return 'diceRollsCount';
  if (credit.dice > bound.dice) return 'diceRollsCount';
  if (credit.gogo <= 0) return null;
  if (bound.gogo === null) return 'gogoAmount';
  // In hundredths of a cent, so that the sum is exact for whole dice and whole GOGO.
  const limit = Math.round((cents(usdValue!) / 100) * (1 + APPROVAL_TOLERANCE) * 10_000);
  const used = Math.round((credit.dice / DICE_PER_USD) * 10_000) + Math.round(credit.gogo * gogoPriceUsd * 10_000);
  return used > limit + 1e-6 ? 'gogoAmount' : null;
}
