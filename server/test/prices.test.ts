import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moneyText, validationText } from '@gogo/shared/messages';
import { defaultPriceConfig, parsePriceTable, loadConfig } from '../src/settings/index.js';
import { createHttpPriceProvider, parseSimplePrice, simplePriceUrl } from '../src/modules/prices/provider.js';
import { createTestApp, createTestClock, registerPlayer, type TestContext } from './helpers.js';
import { api, txHashFor } from './money-helpers.js';

/** A CoinGecko-compatible stub on 127.0.0.1 whose behaviour each test sets. */
interface Stub {
  url: string;
  hits: string[];
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

const feedBody = (btc = 65000) => ({
  bitcoin: { usd: btc },
  ethereum: { usd: 3500 },
  solana: { usd: 200 },
  tether: { usd: 1.001 },
  'usd-coin': { usd: 0.999 },
});

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function startStub(): Promise<Stub> {
  const stub = {
    hits: [] as string[],
    handler: (_req: IncomingMessage, res: ServerResponse) => json(res, 200, feedBody()),
  } as Stub;
  const server: Server = createServer((req, res) => {
    stub.hits.push(req.url ?? '');
    stub.handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}

let stub: Stub;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(async () => stub.close());
afterEach(() => {
  stub.hits = [];
  stub.handler = (_req, res) => json(res, 200, feedBody());
});

describe('the local price table (default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('GET /api/prices/latest answers the table with its updatedAt', async () => {
    const res = await api(ctx.app).get('/api/prices/latest');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      pricesUsd: { btc: 60000, eth: 3000, sol: 150, usdt: 1, usdc: 1 },
      updatedAt: new Date(ctx.clock()).toISOString(),
      source: 'table',
      stale: false,
    });
  });

  it('GET /api/prices/quote?usd rounds each amount up to its decimals', async () => {
    const res = await api(ctx.app).get('/api/prices/quote?usd=10');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.quote).toEqual({ btc: 0.00016667, eth: 0.00333334, sol: 0.066667, usdt: 10, usdc: 10 });
    expect(res.json().data.usd).toBe(10);
  });

  it('refuses a missing or negative usd', async () => {
    expect((await api(ctx.app).get('/api/prices/quote')).statusCode).toBe(400);
    expect((await api(ctx.app).get('/api/prices/quote?usd=-1')).statusCode).toBe(400);
    expect((await api(ctx.app).get('/api/prices/quote?usd=abc')).statusCode).toBe(400);
  });
});

describe('configuration', () => {
  it('PRICE_TABLE overrides some coins and may carry updatedAt', () => {
    const t = parsePriceTable('{"BTC": 70000, "sol": 99.5, "updatedAt": "2026-01-02T03:04:05Z"}', 0);
    expect(t.table).toEqual({ btc: 70000, eth: 3000, sol: 99.5, usdt: 1, usdc: 1 });
    expect(t.updatedAt).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
  });

  it.each(['not json', '[1]', '{"doge": 1}', '{"btc": -1}', '{"btc": "1"}', '{"updatedAt": "never"}'])(
    'refuses PRICE_TABLE %s',
    (raw) => {
      expect(() => parsePriceTable(raw, 0)).toThrow(/PRICE_TABLE/);
    },
  );

  it('reads the feed settings and refuses a non-http feed URL', () => {
    const base = { DATA_DIR: stubDataDir(), JWT_SECRET: 'x'.repeat(40) };
    const cfg = loadConfig({ ...base, PRICE_FEED_URL: 'https://feed.example/api/v3/', PRICE_CACHE_TTL_MS: '5000' });
    expect(cfg.prices).toMatchObject({ feedUrl: 'https://feed.example/api/v3', cacheTtlMs: 5000, feedTimeoutMs: 3000 });
    expect(() => loadConfig({ ...base, PRICE_FEED_URL: 'ftp://x' })).toThrow(/PRICE_FEED_URL/);
    expect(() => loadConfig({ ...base, DEPOSIT_ADDRESSES: '{"XRP":"r..."}' })).toThrow(/DEPOSIT_ADDRESSES/);
    expect(loadConfig({ ...base, DEPOSIT_ADDRESSES: '{"btc":" bc1q "}' }).depositAddresses).toEqual({ BTC: 'bc1q' });
  });
});

function stubDataDir() {
  return mkdtempSync(join(tmpdir(), 'gogo-price-config-'));
}

describe('the HTTP feed provider (against a loopback stub)', () => {
  // The provider's cache lives in the database: each test gets a fresh one.
  let db: TestContext;
  beforeEach(async () => {
    db = await createTestApp();
  });
  afterEach(async () => db.close());

  it('asks /simple/price for the five coins and reads the answer', async () => {
    const clock = createTestClock();
    const provider = createHttpPriceProvider({
      database: db.database,
      url: stub.url,
      timeoutMs: 1000,
      cacheTtlMs: 60_000,
      clock,
    });
    const snap = await provider.latest();
    expect(snap).toEqual({
      pricesUsd: { btc: 65000, eth: 3500, sol: 200, usdt: 1.001, usdc: 0.999 },
      updatedAt: clock(),
      source: 'feed',
      stale: false,
    });
    expect(stub.hits).toHaveLength(1);
    const url = new URL(stub.hits[0]!, 'http://x');
    expect(url.pathname).toBe('/api/v3/simple/price');
    expect(url.searchParams.get('ids')!.split(',').sort()).toEqual(
      ['bitcoin', 'ethereum', 'solana', 'tether', 'usd-coin'].sort(),
    );
    expect(url.searchParams.get('vs_currencies')).toBe('usd');
  });

  it('serves from its cache within the TTL, then fetches again', async () => {
    const clock = createTestClock();
    const provider = createHttpPriceProvider({
      database: db.database,
      url: stub.url,
      timeoutMs: 1000,
      cacheTtlMs: 60_000,
      clock,
    });
    await provider.latest();
    clock.advance(59_000);
    await Promise.all([provider.latest(), provider.latest()]);
    expect(stub.hits).toHaveLength(1);
    clock.advance(2000);
    stub.handler = (_req, res) => json(res, 200, feedBody(70000));
    const [a, b] = await Promise.all([provider.latest(), provider.latest()]);
    expect(stub.hits).toHaveLength(2); // concurrent callers share one fetch
    expect(a?.pricesUsd.btc).toBe(70000);
    expect(b).toEqual(a);
  });

  it('falls back to the last known prices (stale) on an error, a bad answer or a timeout', async () => {
    const clock = createTestClock();
    const errors: unknown[] = [];
    const provider = createHttpPriceProvider({
      database: db.database,
      url: stub.url,
      timeoutMs: 150,
      cacheTtlMs: 1000,
      retryAfterFailureMs: 500,
      clock,
      onError: (e) => errors.push(e),
    });
    const fresh = await provider.latest();
    for (const failure of [
      (_req: IncomingMessage, res: ServerResponse) => json(res, 500, { error: 'down' }),
      (_req: IncomingMessage, res: ServerResponse) => json(res, 200, { bitcoin: { usd: 'NaN' } }),
      (_req: IncomingMessage, res: ServerResponse) => setTimeout(() => json(res, 200, feedBody(1)), 1000),
    ]) {
      stub.handler = failure;
      clock.advance(2000);
      const started = Date.now();
      const snap = await provider.latest();
      expect(Date.now() - started).toBeLessThan(900);
      expect(snap).toEqual({ ...fresh, stale: true });
    }
    expect(errors).toHaveLength(3);
    // Right after a failure the feed is left alone for a moment (no request storm while it is down).
    const hits = stub.hits.length;
    clock.advance(100);
    expect(await provider.latest()).toEqual({ ...fresh, stale: true });
    expect(stub.hits).toHaveLength(hits);
    // Once it answers again, fresh prices come back.
    stub.handler = (_req, res) => json(res, 200, feedBody(61000));
    clock.advance(1000);
    expect(await provider.latest()).toMatchObject({ stale: false, pricesUsd: { btc: 61000 } });
  });

  it('knows no price before its first success', async () => {
    stub.handler = (_req, res) => json(res, 503, {});
    const provider = createHttpPriceProvider({
      database: db.database,
      url: stub.url,
      timeoutMs: 500,
      cacheTtlMs: 1000,
      clock: createTestClock(),
    });
    expect(await provider.latest()).toBeNull();
  });

  it("keeps its cache in the shared database: a second instance serves the first one's fetch", async () => {
    const clock = createTestClock();
    const options = { database: db.database, url: stub.url, timeoutMs: 1000, cacheTtlMs: 60_000, clock };
    const first = createHttpPriceProvider(options);
    const second = createHttpPriceProvider(options);
    const fetched = await first.latest();
    clock.advance(30_000);
    expect(await second.latest()).toEqual(fetched);
    expect(stub.hits).toHaveLength(1);
    // Past the TTL the second instance fetches, and the first one then serves that.
    clock.advance(31_000);
    stub.handler = (_req, res) => json(res, 200, feedBody(72000));
    expect((await second.latest())?.pricesUsd.btc).toBe(72000);
    expect((await first.latest())?.pricesUsd.btc).toBe(72000);
    expect(stub.hits).toHaveLength(2);
  });

  it('shares the pause after a failure: another instance does not ask the feed again at once', async () => {
    const clock = createTestClock();
    const options = {
      database: db.database,
      url: stub.url,
      timeoutMs: 500,
      cacheTtlMs: 1000,
      retryAfterFailureMs: 5000,
      clock,
    };
    const first = createHttpPriceProvider(options);
    const second = createHttpPriceProvider(options);
    const fresh = await first.latest();
    stub.handler = (_req, res) => json(res, 500, {});
    clock.advance(2000);
    expect(await first.latest()).toEqual({ ...fresh, stale: true });
    expect(await second.latest()).toEqual({ ...fresh, stale: true });
    expect(stub.hits).toHaveLength(2);
  });

  it('reads only complete, positive answers', () => {
    expect(parseSimplePrice(feedBody())).not.toBeNull();
    expect(parseSimplePrice({ ...feedBody(), tether: { usd: 0 } })).toBeNull();
    expect(parseSimplePrice({ bitcoin: { usd: 1 } })).toBeNull();
    expect(parseSimplePrice(null)).toBeNull();
    expect(simplePriceUrl('http://h/simple/price')).toMatch(/^http:\/\/h\/simple\/price\?ids=/);
  });
});

describe('the app with a feed configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      prices: { ...defaultPriceConfig(0), feedUrl: stub.url, feedTimeoutMs: 300, cacheTtlMs: 60_000 },
    });
  });
  afterAll(async () => ctx.close());

  it('fetches nothing at start-up', () => {
    expect(stub.hits).toEqual([]);
  });

  it('answers 503 while no price was ever known, and deposits skip the minimum then', async () => {
    stub.handler = (_req, res) => json(res, 500, {});
    const res = await api(ctx.app).get('/api/prices/latest');
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'PRICES_UNAVAILABLE', message: moneyText.pricesUnavailable });
    const p = await registerPlayer(ctx.app);
    const dep = await api(ctx.app, p.token).post('/api/credits/deposit-request', {
      amount: 0.00001,
      cryptoType: 'BTC',
      cryptoAddress: 'bc1q',
      reference: txHashFor('BTC'),
    });
    expect(dep.statusCode).toBe(201);
    expect(dep.json().data.usdValue).toBeNull();
  });

  it('serves the feed prices and enforces the minimum deposit with them', async () => {
    ctx.clock.advance(60_000); // past the pause after the failure above
    const res = await api(ctx.app).get('/api/prices/latest');
    expect(res.json().data).toMatchObject({ source: 'feed', stale: false, pricesUsd: { btc: 65000 } });
    const p = await registerPlayer(ctx.app);
    const small = await api(ctx.app, p.token).post('/api/credits/deposit-request', {
      amount: 0.0001,
      cryptoType: 'BTC',
      cryptoAddress: 'bc1q',
      reference: txHashFor('BTC'),
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().error.message).toBe(validationText.depositMinimum);
    const quote = await api(ctx.app).get('/api/prices/quote?usd=130');
    expect(quote.json().data.quote.btc).toBe(0.002);
  });
});
