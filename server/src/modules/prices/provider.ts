import { PRICE_KEYS, type PriceKey, type PricesUsd } from '@gogo/shared/rules';
import type { PriceConfig } from '../../config.js';
import type { Clock } from '../../lib/clock.js';

/** Prices as observed at `updatedAt`. `stale` marks the last known prices served after a failed fetch. */
export interface PriceSnapshot {
  pricesUsd: PricesUsd;
  updatedAt: number;
  source: 'table' | 'feed';
  stale: boolean;
}

/** Where /api/prices and the deposit rule read prices from. Null: no price is known. */
export interface PriceProvider {
  latest(): Promise<PriceSnapshot | null>;
}

/** The local table from config: always known, never fetched. */
export function createTablePriceProvider(table: PricesUsd, updatedAt: number): PriceProvider {
  const snapshot: PriceSnapshot = { pricesUsd: { ...table }, updatedAt, source: 'table', stale: false };
  return { latest: async () => snapshot };
}

/** CoinGecko ids of the five currencies. */
export const COINGECKO_IDS: Readonly<Record<PriceKey, string>> = {
  btc: 'bitcoin',
  eth: 'ethereum',
  sol: 'solana',
  usdt: 'tether',
  usdc: 'usd-coin',
};

/** The /simple/price URL for a configured base (a base URL, or the /simple/price URL itself). */
export function simplePriceUrl(base: string): string {
  const url = new URL(base);
  if (!/\/simple\/price\/?$/.test(url.pathname)) {
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/simple/price`;
  }
  url.searchParams.set('ids', Object.values(COINGECKO_IDS).join(','));
  url.searchParams.set('vs_currencies', 'usd');
  return url.toString();
}

/** Reads a CoinGecko /simple/price answer ({bitcoin: {usd: 60000}, ...}); null unless all five are positive. */
export function parseSimplePrice(body: unknown): PricesUsd | null {
  if (typeof body !== 'object' || body === null) return null;
  const out = {} as PricesUsd;
  for (const key of PRICE_KEYS) {
    const entry = (body as Record<string, unknown>)[COINGECKO_IDS[key]];
    const usd = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).usd : undefined;
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd <= 0) return null;
    out[key] = usd;
  }
  return out;
}

export interface HttpPriceProviderOptions {
  url: string;
  timeoutMs: number;
  cacheTtlMs: number;
  clock: Clock;
  /** After a failure, how long to serve the last known prices before trying again. */
  retryAfterFailureMs?: number;
  fetchImpl?: typeof fetch;
  onError?: (err: unknown) => void;
}

/**
 * An HTTP feed with a cache: fresh prices are served from memory for `cacheTtlMs`; then the next
 * request fetches (one fetch at a time, bounded by `timeoutMs`). When a fetch fails, the last known
 * prices are served marked stale, and the feed is not asked again for a short while. Nothing is
 * fetched before the first request (no network at start-up).
 */
export function createHttpPriceProvider(opts: HttpPriceProviderOptions): PriceProvider {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const retryAfterFailureMs = opts.retryAfterFailureMs ?? Math.min(opts.cacheTtlMs, 15_000);
  const url = simplePriceUrl(opts.url);
  let last: PriceSnapshot | null = null;
  let fetchedAt = Number.NEGATIVE_INFINITY;
  let failedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<PriceSnapshot | null> | null = null;

  async function fetchOnce(): Promise<PriceSnapshot | null> {
    try {
      const res = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) throw new Error(`price feed answered ${res.status}`);
      const prices = parseSimplePrice(await res.json());
      if (!prices) throw new Error('price feed answer lacks a positive USD price for every currency');
      const now = opts.clock();
      fetchedAt = now;
      last = { pricesUsd: prices, updatedAt: now, source: 'feed', stale: false };
      return last;
    } catch (err) {
      failedAt = opts.clock();
      opts.onError?.(err);
      return last ? { ...last, stale: true } : null;
    }
  }

  return {
    async latest() {
      const now = opts.clock();
      if (last && now - fetchedAt < opts.cacheTtlMs) return last;
      if (now - failedAt < retryAfterFailureMs) return last ? { ...last, stale: true } : null;
      inFlight ??= fetchOnce().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

export function createPriceProvider(config: PriceConfig, clock: Clock, onError?: (err: unknown) => void) {
  if (!config.feedUrl) return createTablePriceProvider(config.table, config.tableUpdatedAt);
  return createHttpPriceProvider({
    url: config.feedUrl,
    timeoutMs: config.feedTimeoutMs,
    cacheTtlMs: config.cacheTtlMs,
    clock,
    onError,
  });
}
