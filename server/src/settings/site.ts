import { ConfigError } from './base.js';

// The public pages: the announced token launch and the support address.

export interface SiteConfig {
  /** ISO 8601 UTC moment of the announced token launch (LAUNCH_AT). */
  launchAt: string;
  /** Announced launch price of one GOGO in USD (LAUNCH_PRICE_USD). */
  launchPriceUsd: number;
  /** Where the contact, help and feature-request forms send their mail (SUPPORT_EMAIL). */
  supportEmail: string;
  /** What a withdrawal pays per GOGO in USD (REDEMPTION_PRICE_USD); unset: the launch price. */
  redemptionPriceUsd?: number;
}

/** The announced launch: 1 December 2025 00:00 UTC at $0.10 per GOGO. */
export const defaultSiteConfig: SiteConfig = {
  launchAt: '2025-12-01T00:00:00.000Z',
  launchPriceUsd: 0.1,
  supportEmail: 'support@gogoboard.app',
};

export function launchAtFrom(value: string | undefined): string {
  if (value === undefined || value === '') return defaultSiteConfig.launchAt;
  // A date and time with an explicit zone (Z or +hh:mm), so that the moment is the same everywhere.
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
    ? Date.parse(value)
    : NaN;
  if (!Number.isFinite(ms))
    throw new ConfigError(`LAUNCH_AT must be an ISO date-time with a zone, like 2025-12-01T00:00:00Z; got "${value}"`);
  return new Date(ms).toISOString();
}

export function priceFrom(value: string | undefined): number {
  if (value === undefined || value === '') return defaultSiteConfig.launchPriceUsd;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1_000_000) {
    throw new ConfigError(`LAUNCH_PRICE_USD must be a price in USD (0 or more), got "${value}"`);
  }
  return n;
}

export function emailFrom(value: string | undefined): string {
  if (value === undefined || value === '') return defaultSiteConfig.supportEmail;
  const email = value.trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email) || email.length > 254) {
    throw new ConfigError(`SUPPORT_EMAIL must be an email address, got "${value}"`);
  }
  return email;
}
