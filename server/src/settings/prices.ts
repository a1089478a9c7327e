import { CRYPTO_TYPES, PRICE_KEYS, isCryptoType, type CryptoType, type PricesUsd } from '@gogo/shared/rules';
import { ConfigError, urlFrom } from './base.js';

// Prices of the currencies (a local table or a feed) and the deposit addresses shown to players.

export interface PriceConfig {
  /** The local price table (USD per unit). */
  table: PricesUsd;
  /** When the table's prices were observed (epoch ms). */
  tableUpdatedAt: number;
  /** A CoinGecko-compatible API base (or its /simple/price URL); null serves the table. */
  feedUrl: string | null;
  feedTimeoutMs: number;
  cacheTtlMs: number;
}

/** Defaults of the local price table: round figures, replace them with PRICE_TABLE or a feed. */
export const DEFAULT_PRICE_TABLE: PricesUsd = { btc: 60000, eth: 3000, sol: 150, usdt: 1, usdc: 1 };

export function defaultPriceConfig(now = Date.now()): PriceConfig {
  return {
    table: { ...DEFAULT_PRICE_TABLE },
    tableUpdatedAt: now,
    feedUrl: null,
    feedTimeoutMs: 3000,
    cacheTtlMs: 60_000,
  };
}

/** PRICE_TABLE: JSON such as {"btc":65000,"sol":140,"updatedAt":"2026-01-10T00:00:00Z"}; missing coins keep defaults. */
export function parsePriceTable(raw: string | undefined, now: number): { table: PricesUsd; updatedAt: number } {
  const table = { ...DEFAULT_PRICE_TABLE };
  if (raw === undefined || raw.trim() === '') return { table, updatedAt: now };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PRICE_TABLE must be JSON, e.g. {"btc":60000,"eth":3000}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('PRICE_TABLE must be a JSON object');
  }
  let updatedAt = now;
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (key === 'updatedAt') {
      const t = typeof value === 'string' || typeof value === 'number' ? new Date(value).getTime() : Number.NaN;
      if (!Number.isFinite(t)) throw new ConfigError('PRICE_TABLE.updatedAt must be a date');
      updatedAt = t;
      continue;
    }
    const coin = key.toLowerCase();
    if (!(PRICE_KEYS as readonly string[]).includes(coin))
      throw new ConfigError(`PRICE_TABLE: unknown currency "${key}"`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new ConfigError(`PRICE_TABLE.${key} must be a positive number`);
    }
    table[coin as keyof PricesUsd] = value;
  }
  return { table, updatedAt };
}

/** DEPOSIT_ADDRESSES: JSON such as {"BTC":"bc1...","SOL":"..."}. */
export function parseDepositAddresses(raw: string | undefined): Partial<Record<CryptoType, string>> {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('DEPOSIT_ADDRESSES must be JSON, e.g. {"BTC":"bc1q..."}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('DEPOSIT_ADDRESSES must be a JSON object');
  }
  const out: Partial<Record<CryptoType, string>> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    const crypto = key.toUpperCase();
    if (!isCryptoType(crypto))
      throw new ConfigError(`DEPOSIT_ADDRESSES: unknown currency "${key}" (${CRYPTO_TYPES.join(', ')})`);
    if (typeof value !== 'string' || value.trim() === '')
      throw new ConfigError(`DEPOSIT_ADDRESSES.${key} must be a string`);
    out[crypto] = value.trim();
  }
  return out;
}

export function feedUrlFrom(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const url = urlFrom(raw.trim(), `PRICE_FEED_URL must be an http(s) URL, got "${raw}"`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError('PRICE_FEED_URL must be http or https');
  return url.toString().replace(/\/+$/, '');
}
