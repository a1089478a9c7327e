import { ConfigError, intFrom } from './base.js';

// The treasury: what a withdrawal pays per GOGO, how much may be paid in a UTC day, and the
// per-player limit on reads.

export interface TreasuryConfig {
  /** REDEMPTION_PRICE_USD: USD a withdrawal pays per GOGO (defaults to LAUNCH_PRICE_USD). */
  redemptionPriceUsd: number;
  /** WITHDRAW_DAILY_BUDGET_USD: USD paid out per UTC day across all players; 0: no budget. */
  dailyBudgetUsd: number;
}

/** The treasury of a config without one (tests, embedders): pay at the site's price, no budget. */
export const treasuryOf = (config: {
  treasury?: TreasuryConfig;
  site: { launchPriceUsd: number; redemptionPriceUsd?: number };
}): TreasuryConfig =>
  config.treasury ?? {
    redemptionPriceUsd: config.site.redemptionPriceUsd ?? config.site.launchPriceUsd,
    dailyBudgetUsd: 0,
  };

function usdFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1_000_000_000) {
    throw new ConfigError(`${name} must be an amount in USD (0 or more), got "${value}"`);
  }
  return n;
}

export function parseTreasuryConfig(env: NodeJS.ProcessEnv, launchPriceUsd: number): TreasuryConfig {
  return {
    redemptionPriceUsd: usdFrom(env.REDEMPTION_PRICE_USD, launchPriceUsd, 'REDEMPTION_PRICE_USD'),
    dailyBudgetUsd: usdFrom(env.WITHDRAW_DAILY_BUDGET_USD, 0, 'WITHDRAW_DAILY_BUDGET_USD'),
  };
}

/** READ_RATE_LIMIT_PER_PLAYER: GET requests per minute one player may send (far above any play). */
export const DEFAULT_READS_PER_MINUTE = 600;

export function parseReadLimit(env: NodeJS.ProcessEnv): number {
  const n = intFrom(env.READ_RATE_LIMIT_PER_PLAYER, DEFAULT_READS_PER_MINUTE, 'READ_RATE_LIMIT_PER_PLAYER');
  if (n < 1) throw new ConfigError('READ_RATE_LIMIT_PER_PLAYER must be at least 1');
  return n;
}
