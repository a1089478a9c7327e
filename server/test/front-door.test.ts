import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { parseLoadShedding } from '../src/settings/index.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';

// What every request meets first: its id (the proxy's when sane, else ours) on the answer and on each
// log line, and load shedding (503 with Retry-After) while the instance is under pressure.

const contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request id', () => {
  it("answers and logs the proxy's X-Request-Id, and replaces one that is not a sane id", async () => {
    const { lines, logger } = capturedLogger();
    const ctx = await createTestApp({}, { logger });
    contexts.push(ctx);
    const nginxId = 'f3b0c44298fc1c149afbf4c8996fb924';
    const given = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': nginxId } });
    expect(given.headers['x-request-id']).toBe(nginxId);
    expect(lines.filter((l) => l.reqId === nginxId).length).toBeGreaterThan(0);

    for (const bad of ['a'.repeat(129), 'id with spaces', '{"forged":"json"}', '']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
      expect(lines.some((l) => l.reqId === bad)).toBe(false);
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    // Failures name their request too: a 404 and a refused body.
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'r-404' } });
    expect([missing.statusCode, missing.headers['x-request-id']]).toEqual([404, 'r-404']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-request-id': 'r-400', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect([refused.statusCode, refused.headers['x-request-id']]).toEqual([400, 'r-400']);
    expect(lines.find((l) => l.reqId === 'r-400' && l.msg === 'request')).toMatchObject({ status: 400 });
  });
});

describe('load shedding', () => {
  it('defaults: 500 ms of event-loop delay, 90% of the heap limit, Retry-After 2; settings refuse nonsense', () => {
    const d = parseLoadShedding({});
    expect(d.maxEventLoopDelayMs).toBe(500);
    expect(d.maxHeapUsedMb).toBeGreaterThan(100);
    expect(d.retryAfterS).toBe(2);
    expect(parseLoadShedding({ LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0' }).maxEventLoopDelayMs).toBe(0);
    expect(() => parseLoadShedding({ LOAD_SHED_MAX_HEAP_USED_MB: 'lots' })).toThrow(/LOAD_SHED_MAX_HEAP_USED_MB/);
  });

  it('under pressure answers 503 SERVICE_UNAVAILABLE with Retry-After, and still serves health, ready and metrics', async () => {
    // A heap limit of 1 MB: the instance is under pressure from its first sample on.
    const ctx = await createTestApp({ loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedMb: 1, retryAfterS: 3 } });
    contexts.push(ctx);
    const { token } = await registerPlayer(ctx.app).catch(() => ({ token: '' }));
    const roll = () => ctx.app.inject({ method: 'POST', url: '/api/game/roll', headers: bearer(token), payload: {} });
    let shed = await roll();
    // The first sample is taken after a second; until then nothing is known to press.
    while (shed.statusCode !== 503) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shed = await roll();
    }
    expect(shed.headers['retry-after']).toBe('3');
    expect(shed.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
    for (const url of ['/api/health', '/api/ready', '/metrics']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const metrics = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = metrics.split('\n').find((l) => l.startsWith('gogo_load_shed_total{reason="heapUsedBytes"}'));
    expect(Number(line?.split(' ')[1])).toBeGreaterThan(0);
  });

  it('an instance with room to spare sheds nothing', async () => {
    const ctx = await createTestApp({ loadShedding: parseLoadShedding({}) });
    contexts.push(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
  });
});
