import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, mapDatabaseError } from '../src/db/errors.js';
import { repoRoot } from '../src/paths.js';
import { createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { authedSocket } from './realtime-helpers.js';
import { testDatabaseUrl } from './test-databases.js';

// The operator's figures at /metrics: sockets, the LISTEN connection, the mail queue, send failures,
// timeouts hit, and forwarding headers that arrive while TRUST_PROXY is unset.

/** The value of one sample line of the text format (0 when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function app(...args: Parameters<typeof createTestApp>) {
  const ctx = await createTestApp(...args);
  contexts.push(ctx);
  return ctx;
}

async function scrape(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Polls `read` until it answers `want` (the sender and sockets work after the answer). */
async function eventually(read: () => Promise<number>, want: (n: number) => boolean): Promise<number> {
  const deadline = Date.now() + 5_000;
  let value = await read();
  while (!want(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A logger that keeps its JSON lines. */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'warn', stream } };
}

const FORWARDED = 'gogo_untrusted_forwarded_requests_total';
const WARNING = /TRUST_PROXY is unset/;

describe('forwarding headers while TRUST_PROXY is unset', () => {
  it('are counted on every request and warned about once', async () => {
    const { lines, logger } = capturedLogger();
    const ctx = await app({}, { logger });
    const before = sample(await scrape(ctx), FORWARDED);
    for (const headers of [
      { 'x-forwarded-for': '198.51.100.1' },
      { 'x-real-ip': '198.51.100.2' },
      { forwarded: 'for=198.51.100.3' },
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.statusCode).toBe(200);
    }
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(sample(await scrape(ctx), FORWARDED)).toBe(before + 3);
    const warnings = lines.filter((l) => WARNING.test(l.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
  });

  it('are neither counted nor warned about when TRUST_PROXY names the proxy', async () => {
    const { lines, logger } = capturedLogger();
    const ctx = await app({ trustProxy: ['127.0.0.1'] }, { logger });
    const before = sample(await scrape(ctx), FORWARDED);
    await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(sample(await scrape(ctx), FORWARDED)).toBe(before);
    expect(lines.filter((l) => WARNING.test(l.msg))).toHaveLength(0);
  });
});

describe('runtime metrics', () => {
  it('count the sockets open on this instance', async () => {
    const ctx = await app();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const player = await registerPlayer(ctx.app);
    const series = 'gogo_realtime_sockets{role="player"}';
    expect(sample(await scrape(ctx), series)).toBe(0);
    const socket = await authedSocket(`${address.replace('http', 'ws')}/api/ws`, player.token);
    expect(
      await eventually(
        async () => sample(await scrape(ctx), series),
        (n) => n === 1,
      ),
    ).toBe(1);
    socket.close();
    await socket.closed;
    expect(
      await eventually(
        async () => sample(await scrape(ctx), series),
        (n) => n === 0,
      ),
    ).toBe(0);
    expect(sample(await scrape(ctx), 'gogo_realtime_sockets{role="admin"}')).toBe(0);
  });

  it.runIf(testDatabaseUrl)(
    "report PostgreSQL's LISTEN connection as up while sockets are open, and as fine while none is (closed on purpose)",
    async () => {
      const ctx = await app();
      expect(sample(await scrape(ctx), 'gogo_realtime_listen_up')).toBe(1);
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const player = await registerPlayer(ctx.app);
      const socket = await authedSocket(`${address.replace('http', 'ws')}/api/ws`, player.token);
      // 'ready' waits for the LISTEN connection: it is up by then.
      expect(sample(await scrape(ctx), 'gogo_realtime_listen_up')).toBe(1);
      socket.close();
      await socket.closed;
      expect(sample(await scrape(ctx), 'gogo_realtime_listen_up')).toBe(1);
    },
  );

  it.skipIf(testDatabaseUrl)('report no LISTEN connection on SQLite (one process, no such connection)', async () => {
    const ctx = await app();
    expect(await scrape(ctx)).not.toContain('gogo_realtime_listen_up');
  });

  it('count failed sends, the mail queue and the age of its oldest mail', async () => {
    const port = await closedPort();
    const ctx = await app({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'GOGO <no-reply@gogo.test>', sweepMs: 3_600_000 },
    });
    const failures = async () => sample(await scrape(ctx), 'gogo_mail_send_failures_total');
    const before = await failures();
    expect(sample(await scrape(ctx), 'gogo_mail_queue_depth')).toBe(0);
    expect(sample(await scrape(ctx), 'gogo_mail_queue_oldest_age_seconds')).toBe(0);
    // Signing up queues the verification mail; the SMTP server refuses, so it waits for its retry.
    await registerPlayer(ctx.app);
    expect(await eventually(failures, (n) => n > before)).toBe(before + 1);
    ctx.clock.advance(90_000);
    const text = await scrape(ctx);
    expect(sample(text, 'gogo_mail_queue_depth')).toBe(1);
    expect(sample(text, 'gogo_mail_queue_oldest_age_seconds')).toBe(90);
  });

  it('count timeouts hit by kind: statement, lock, SQLite busy, HTTP request', async () => {
    const ctx = await app();
    const kinds = ['statement', 'lock', 'busy', 'request'] as const;
    const read = async () => {
      const text = await scrape(ctx);
      return Object.fromEntries(kinds.map((k) => [k, sample(text, `gogo_timeouts_total{kind="${k}"}`)]));
    };
    const before = await read();
    // The drivers' codes as they reach the data layer: each answers 503 and is counted once.
    for (const code of ['57014', '55P03', 'SQLITE_BUSY', 'ECONNREFUSED']) {
      expect(mapDatabaseError(Object.assign(new Error(code), { code }))).toBeInstanceOf(DatabaseUnavailableError);
    }
    // Node's own 408 when a request is not received in time (HTTP_REQUEST_TIMEOUT_MS).
    ctx.app.server.emit('clientError', Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), {
      destroyed: true,
    });
    const after = await read();
    expect(after).toEqual({
      statement: before.statement! + 1,
      lock: before.lock! + 1,
      busy: before.busy! + 1,
      request: before.request! + 1,
    });
  });
});

describe('deploy/alerts.yml', () => {
  const alerts = readFileSync(join(repoRoot, 'deploy', 'alerts.yml'), 'utf8');
  const expressions = [...alerts.matchAll(/^\s*expr: (.+)$/gm)].map((m) => m[1] ?? '');

  it('names only metrics that /metrics serves (gogo_, nodejs_, process_) or that the documented nginx exporters serve', async () => {
    const ctx = await app();
    const text = await scrape(ctx);
    const served = new Set(
      text
        .split('\n')
        .filter((line) => line.startsWith('# TYPE '))
        .map((line) => line.split(' ')[2]),
    );
    // Sources that exist only on PostgreSQL or once something happened are declared all the same.
    served.add('gogo_realtime_listen_up');
    // prometheus-nginx-exporter (stub_status) and the mtail program shipped beside the rules.
    const mtail = readFileSync(join(repoRoot, 'deploy', 'nginx-responses.mtail'), 'utf8');
    for (const name of mtail.match(/^counter (\w+)/gm) ?? []) served.add(name.slice('counter '.length));
    for (const name of ['nginx_up', 'nginx_connections_active']) served.add(name);
    const named = [...new Set(expressions.join(' ').match(/\b(gogo|nodejs|process|nginx)_[a-z0-9_]+/g) ?? [])];
    expect(named.length).toBeGreaterThan(10);
    const base = (name: string) => name.replace(/_(bucket|count|sum)$/, '');
    expect(named.filter((name) => !served.has(name) && !served.has(base(name)))).toEqual([]);
  });

  it('selects only the scrape jobs the docs configure', () => {
    const docs = ['docs/scaling.md', 'docs/operations.md']
      .map((file) => readFileSync(join(repoRoot, file), 'utf8'))
      .join('\n');
    const documented = new Set([...docs.matchAll(/job_name: ([\w-]+)/g)].map((m) => m[1]));
    expect(documented.has('gogo')).toBe(true);
    const selected = [...new Set(expressions.flatMap((e) => [...e.matchAll(/job="([^"]+)"/g)].map((m) => m[1])))];
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.filter((job) => !documented.has(job))).toEqual([]);
    // Every selector of an app metric names its job: a rule without one would match other services.
    const unscoped = expressions.flatMap((e) => [...e.matchAll(/\b(gogo_[a-z_]+|up)(\{[^}]*\})?/g)]);
    expect(unscoped.filter((m) => !m[2]?.includes('job=')).map((m) => m[0])).toEqual([]);
  });
});
