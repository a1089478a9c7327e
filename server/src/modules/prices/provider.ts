import { PRICE_KEYS, type PriceKey, type PricesUsd } from '@gogo/shared/rules';
import type { PriceConfig } from '../../settings/index.js';
import type { Database } from '../../db/database.js';
import { sql, type Tx } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import type { Row } from '../../db/schema/rows.js';

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
  /** Where the last fetched prices live, shared by every instance. */
  database: Database;
  url: string;
  timeoutMs: number;
  cacheTtlMs: number;
  clock: Clock;
  /** After a failure, how long to serve the last known prices before trying again. */
  retryAfterFailureMs?: number;
  fetchImpl?: typeof fetch;
  onError?: (err: unknown) => void;
}

type CacheRow = Pick<Row<'priceCache'>, 'pricesUsd' | 'fetchedAt' | 'failedAt'>;

const selectCache = sql<{ feedUrl: string }, CacheRow>(
  `SELECT prices_usd AS "pricesUsd", fetched_at AS "fetchedAt", failed_at AS "failedAt"
   FROM price_cache WHERE feed_url = :feedUrl`,
);
// An older fetch finishing late never overwrites newer prices.
const storePrices = sql<{ feedUrl: string; pricesUsd: string; now: number }>(
  `INSERT INTO price_cache (feed_url, prices_usd, fetched_at, failed_at) VALUES (:feedUrl, :pricesUsd, :now, NULL)
   ON CONFLICT (feed_url) DO UPDATE SET prices_usd = excluded.prices_usd, fetched_at = excluded.fetched_at,
     failed_at = NULL
   WHERE price_cache.fetched_at IS NULL OR price_cache.fetched_at <= excluded.fetched_at`,
);
const storeFailure = sql<{ feedUrl: string; now: number }>(
  `INSERT INTO price_cache (feed_url, prices_usd, fetched_at, failed_at) VALUES (:feedUrl, NULL, NULL, :now)
   ON CONFLICT (feed_url) DO UPDATE SET failed_at = excluded.failed_at`,
);

/**
 * An HTTP feed with a cache in the shared database (table price_cache), so that every instance serves
 * the same prices and only one fetch per TTL is needed among them: fresh prices are served for
 * `cacheTtlMs`; then the next request fetches (one fetch at a time per instance, bounded by
 * `timeoutMs`) and stores what it got. When a fetch fails, the last known prices are served marked
 * stale, and no instance asks the feed again for a short while. Nothing is fetched before the first
 * request (no network at start-up).
 */
export function createHttpPriceProvider(opts: HttpPriceProviderOptions): PriceProvider {
  const { database } = opts;
  const fetchImpl = opts.fetchImpl ?? fetch;
  const retryAfterFailureMs = opts.retryAfterFailureMs ?? Math.min(opts.cacheTtlMs, 15_000);
  const url = simplePriceUrl(opts.url);
  const feedUrl = opts.url;
  let inFlight: Promise<PriceSnapshot | null> | null = null;

  /** The prices were fetched (or not) either way: a database that cannot store it is reported, not fatal. */
  async function store(write: (tx: Tx) => Promise<number>): Promise<void> {
    try {
      await database.write(write);
    } catch (err) {
      opts.onError?.(err);
    }
  }

  async function fetchOnce(last: PriceSnapshot | null): Promise<PriceSnapshot | null> {
    try {
      const res = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      if (!res.ok) throw new Error(`price feed answered ${res.status}`);
      const prices = parseSimplePrice(await res.json());
      if (!prices) throw new Error('price feed answer lacks a positive USD price for every currency');
      const now = opts.clock();
      await store((tx) => tx.run(storePrices, { feedUrl, pricesUsd: JSON.stringify(prices), now }));
      return { pricesUsd: prices, updatedAt: now, source: 'feed', stale: false };
    } catch (err) {
      opts.onError?.(err);
      const failedAt = opts.clock();
      await store((tx) => tx.run(storeFailure, { feedUrl, now: failedAt }));
      return last ? { ...last, stale: true } : null;
    }
  }

  return {
    async latest() {
      const row = await database.read.get(selectCache, { feedUrl });
      const last: PriceSnapshot | null =
        row?.pricesUsd && row.fetchedAt !== null
          ? {
              pricesUsd: JSON.parse(row.pricesUsd) as PricesUsd,
              updatedAt: row.fetchedAt,
              source: 'feed',
              stale: false,
            }
          : null;
      const now = opts.clock();
      if (last && now - last.updatedAt < opts.cacheTtlMs) return last;
      if (row?.failedAt != null && now - row.failedAt < retryAfterFailureMs)
        return last ? { ...last, stale: true } : null;
      inFlight ??= fetchOnce(last).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

export function createPriceProvider(
  config: PriceConfig,
  clock: Clock,
  database: Database,
  onError?: (err: unknown) => void,
) {
  if (!config.feedUrl) return createTablePriceProvider(config.table, config.tableUpdatedAt);
  return createHttpPriceProvider({
    database,
    url: config.feedUrl,
    timeoutMs: config.feedTimeoutMs,
    cacheTtlMs: config.cacheTtlMs,
    clock,
    onError,
  });
}
