import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { lockGameState, postLedgerTx } from '../src/modules/ledger/postings.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { configFor } from './ops-helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line of the text format (0 when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let ctx: TestContext;
  const scrape = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    ctx = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(async () => ctx.close());

  it('serves the Prometheus text format to a loopback client', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE gogo_http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    const total = sample(res.body, 'gogo_db_pool_connections{state="total"}');
    if (ctx.database.engine === 'sqlite')
      expect(total).toBe(2); // its writer and reader connections
    else expect(total).toBeGreaterThanOrEqual(1);
    // Start-up's own background writes (sweeps, keys) may be queued at the first scrape: none stays queued.
    await expect.poll(async () => sample(await scrape(), 'gogo_db_pool_waiting')).toBe(0);
    expect(sample(res.body, `gogo_db_info{engine="${ctx.database.engine}"}`)).toBe(1);
  });

  it('labels requests with the route pattern, never the raw URL', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/user/friends/987654?x=secret' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing/123456' });
    const text = await scrape();
    expect(
      sample(text, 'gogo_http_request_duration_seconds_count{method="GET",route="/api/user/friends/:id",status="401"}'),
    ).toBe(1);
    expect(sample(text, 'gogo_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(
      1,
    );
    expect(text).not.toContain('987654');
    expect(text).not.toContain('123456');
  });

  it('counts rolls answered 200 only', async () => {
    const before = sample(await scrape(), 'gogo_rolls_served_total');
    const player = await registerPlayer(ctx.app);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/game/roll',
      headers: bearer(player.token),
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
    // Inside the one-second cooldown: refused, so not a roll served.
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/api/dice-rolls/use',
      headers: bearer(player.token),
      payload: {},
    });
    expect(early.statusCode).toBe(429);
    ctx.clock.advance(1500);
    const alias = await ctx.app.inject({
      method: 'POST',
      url: '/api/dice-rolls/use',
      headers: bearer(player.token),
      payload: {},
    });
    expect(alias.statusCode).toBe(200);
    expect(sample(await scrape(), 'gogo_rolls_served_total')).toBe(before + 2);
  });

  it('counts committed ledger postings, not rolled-back ones', async () => {
    const player = await registerPlayer(ctx.app);
    const id = player.user.id;
    const series = 'gogo_ledger_postings_total{asset="GOGO",type="reward"}';
    const before = sample(await scrape(), series);
    const now = ctx.clock();
    await ctx.database.write(async (tx) => {
      await lockGameState(tx, id, now);
      await postLedgerTx(tx, id, [{ asset: 'GOGO', amount: 7, type: 'reward', reason: 'metrics_test' }], now);
    });
    await expect(
      ctx.database.write(async (tx) => {
        await postLedgerTx(tx, id, [{ asset: 'GOGO', amount: 3, type: 'reward', reason: 'metrics_test' }], now);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('answers other clients the same 404 envelope as an unknown path', async () => {
    const remote = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
    expect(remote.body).not.toContain('gogo_');
    // Through a proxy on the same machine the socket is loopback, but the client is not.
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(proxied.statusCode).toBe(404);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.5',
      headers: bearer('not-the-metrics-token-at-all'),
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('serves anyone presenting METRICS_TOKEN', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.5',
      headers: { ...bearer(TOKEN), 'x-forwarded-for': '198.51.100.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('gogo_rolls_served_total');
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics beside the built client', () => {
  it('is answered by the server, not by the single-page app', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gogo-metrics-spa-'));
    const dist = join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>GOGO</title></head><body></body></html>',
    );
    const file = join(root, 'gogo.sqlite');
    const app = await buildApp({ config: configFor(file), database: openDatabase(file), clientDistDir: dist });
    try {
      const local = await app.inject({ method: 'GET', url: '/metrics' });
      expect(local.statusCode).toBe(200);
      expect(local.body).toContain('gogo_http_request_duration_seconds');
      const remote = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5' });
      expect(remote.statusCode).toBe(404);
      expect(remote.json().error.code).toBe('NOT_FOUND');
      // Client routes still get the page.
      expect((await app.inject({ method: 'GET', url: '/leaderboard' })).headers['content-type']).toMatch(/text\/html/);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
