import { MONEY_SCALE, type CryptoType } from './money.js';

// The treasury's arithmetic: what a withdrawal is worth at the redemption price, the exact coin
// amount that pays it, and which queued withdrawals fit in the day's payout budget. Pure and exact:
// USD in cents, coin amounts in minor units (1e-8), both integers.

/** Decimals a payout is computed to: the coin's own when fewer than the 8 of minor units (stablecoins: 6). */
export const PAYOUT_DECIMALS: Readonly<Record<CryptoType, number>> = {
  BTC: 8,
  ETH: 8,
  SOL: 8,
  USDT: 6,
  USDC: 6,
};

/** How far a stated payout may differ from the quote (the price moved between quote and payment). */
export const PAYOUT_QUOTE_TOLERANCE = 0.01;

/** The USD value in cents of `gogo` at `priceUsd` per GOGO. */
export function redemptionCents(gogo: number, priceUsd: number): number {
  if (!(gogo > 0) || !(priceUsd > 0)) return 0;
  return Math.round(gogo * priceUsd * 100 + 1e-9);
}

/**
 * The coin amount (minor units, 1e-8) that pays `cents` at `coinPriceUsd`, to the nearest unit the
 * coin can move at `decimals`. Null when the coin has no positive price.
 */
export function payoutUnits(cents: number, coinPriceUsd: number, decimals = 8): number | null {
  if (!(coinPriceUsd > 0) || !Number.isFinite(coinPriceUsd) || cents < 0) return null;
  const step = 10 ** Math.max(0, 8 - Math.min(8, decimals));
  const exact = (cents * (MONEY_SCALE / 100)) / coinPriceUsd;
  return Math.round(exact / step) * step;
}

/** Minor units written as a decimal string with 8 places, exactly (no float printing). */
export function formatUnits(units: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(units));
  const whole = Math.floor(abs / MONEY_SCALE);
  const frac = String(abs % MONEY_SCALE).padStart(8, '0');
  return `${sign}${whole}.${frac}`;
}

/** True when a stated payout is the quote, give or take the tolerance. */
export function matchesQuote(statedUnits: number, quotedUnits: number): boolean {
  if (quotedUnits <= 0) return statedUnits === quotedUnits;
  return Math.abs(statedUnits - quotedUnits) <= quotedUnits * PAYOUT_QUOTE_TOLERANCE;
}

/**
 * Which queued withdrawals (oldest first, in cents) would go beyond the day's budget: each one that
 * fits beside what was paid today and the older ones that fit is within; the rest wait. A budget of
 * 0 is no budget.
 */
export function overBudget(paidTodayCents: number, budgetCents: number, queueCents: readonly number[]): boolean[] {
  if (budgetCents <= 0) return queueCents.map(() => false);
  let used = paidTodayCents;
  return queueCents.map((c) => {
    if (used + c > budgetCents) return true;
    used += c;
    return false;
  });
}

/** Whether paying `cents` now keeps the day within its budget (0: no budget). */
export function fitsBudget(paidTodayCents: number, budgetCents: number, cents: number): boolean {
  return budgetCents <= 0 || paidTodayCents + cents <= budgetCents;
}

/** Return to player: USD of GOGO at the redemption price per USD spent on dice (null when nothing was spent). */
export function returnToPlayer(gogo: number, redemptionPriceUsd: number, usdSpent: number): number | null {
  if (!(usdSpent > 0)) return null;
  return (gogo * redemptionPriceUsd) / usdSpent;
}
