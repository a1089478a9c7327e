import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTokenSecret, secretFingerprint } from '../src/modules/auth/index.js';
import { COLLAPSE_MIN_CHAINS, COLLAPSE_WINDOW } from '../src/plugins/forwarded-collapse.js';
import { ConfigError, loadConfig } from '../src/settings/index.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { createTestDatabase, testEngines, testTempDir } from './test-databases.js';

// Settings that must not split a cluster: one token secret (and its rotation), CLUSTER needing a
// shared database, the pooler's settings, and a TRUST_PROXY that makes every client one address.

const contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
async function app(...args: Parameters<typeof createTestApp>) {
  const ctx = await createTestApp(...args);
  contexts.push(ctx);
  return ctx;
}

const SECRET_A = 'a'.repeat(40);
const SECRET_B = 'b'.repeat(40);
const SECRET_C = 'c'.repeat(40);

describe.each(testEngines)('the token secret recorded in the database (%s)', (engine) => {
  it('is recorded by the first instance, and the same secret starts again', async () => {
    const db = await createTestDatabase(engine);
    try {
      expect(await checkTokenSecret(db.database, { current: SECRET_A }, 1)).toBe('recorded');
      expect(await checkTokenSecret(db.database, { current: SECRET_A }, 2)).toBe('same');
    } finally {
      await db.close();
    }
  });

  it('moves on a rotation (the recorded secret among the previous ones), never back', async () => {
    const db = await createTestDatabase(engine);
    try {
      await checkTokenSecret(db.database, { current: SECRET_A }, 1);
      expect(await checkTokenSecret(db.database, { current: SECRET_B, previous: [SECRET_A] }, 2)).toBe('rotated');
      expect(await checkTokenSecret(db.database, { current: SECRET_B, previous: [SECRET_A] }, 3)).toBe('same');
      if (engine === 'postgres') {
        // An instance still on the old secret alone would refuse every token the others now sign.
        await expect(checkTokenSecret(db.database, { current: SECRET_A }, 4)).rejects.toThrow(
          /^JWT_SECRET is not the secret the other instances on this database sign tokens with .*JWT_PREVIOUS_SECRETS$/,
        );
      }
    } finally {
      await db.close();
    }
  });

  it.runIf(engine === 'postgres')('refuses another secret in one line that shows no secret', async () => {
    const db = await createTestDatabase(engine);
    try {
      await checkTokenSecret(db.database, { current: SECRET_A }, 1);
      const refused = await checkTokenSecret(db.database, { current: SECRET_C }, 2).catch((err: Error) => err);
      expect(refused).toBeInstanceOf(Error);
      const message = (refused as Error).message;
      expect(message).not.toContain('\n');
      expect(message).not.toContain(SECRET_A);
      expect(message).not.toContain(SECRET_C);
      expect(message).toContain(secretFingerprint(SECRET_A).slice(0, 12));
    } finally {
      await db.close();
    }
  });

  it.runIf(engine === 'sqlite')('records a new secret as it is (one process: no cluster to split)', async () => {
    const db = await createTestDatabase(engine);
    try {
      await checkTokenSecret(db.database, { current: SECRET_A }, 1);
      expect(await checkTokenSecret(db.database, { current: SECRET_C }, 2)).toBe('replaced');
    } finally {
      await db.close();
    }
  });
});

/** An HS256 token as any instance signs one, under `secret`. */
function signHs256(claims: object, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('JWT_PREVIOUS_SECRETS', () => {
  it('tokens signed with a previous secret are accepted; new ones are signed with the current', async () => {
    const after = await app({ jwtSecret: SECRET_B, jwtPreviousSecrets: [SECRET_A] });
    const player = await registerPlayer(after.app);
    const now = Math.floor(after.clock() / 1000);
    const claims = { sub: String(player.user.id), role: 'player', tv: 0, iat: now, exp: now + 3600 };
    const me = (token: string) => after.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect((await me(signHs256(claims, SECRET_A))).statusCode).toBe(200);
    expect((await me(signHs256(claims, SECRET_C))).statusCode).toBe(401);
    // What the rotated app signs carries the current secret's signature.
    const [header, payload, signature] = player.token.split('.');
    expect(signature).toBe(createHmac('sha256', SECRET_B).update(`${header}.${payload}`).digest('base64url'));
  });

  it('is read from the environment: each at least 32 characters, the current one left out', () => {
    const dataDir = testTempDir('gogo-config');
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET_B,
      JWT_PREVIOUS_SECRETS: `${SECRET_A}, ${SECRET_B} ${SECRET_C}`,
    });
    expect(config.jwtPreviousSecrets).toEqual([SECRET_A, SECRET_C]);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET_B, JWT_PREVIOUS_SECRETS: 'short' })).toThrow(
      /JWT_PREVIOUS_SECRETS: secret 1 is shorter than 32 characters/,
    );
  });
});

describe('settings that would split a cluster', () => {
  const load = (extra: Record<string, string>) =>
    loadConfig({ DATA_DIR: testTempDir('gogo-config'), JWT_SECRET: SECRET_A, ...extra });

  it('CLUSTER=1 without DATABASE_URL (or without JWT_SECRET) refuses to start in one line', () => {
    expect(() => load({ CLUSTER: '1' })).toThrow(ConfigError);
    expect(() => load({ CLUSTER: '1' })).toThrow(/^CLUSTER=1 needs DATABASE_URL/);
    expect(() =>
      loadConfig({ DATA_DIR: testTempDir('gogo-config'), CLUSTER: '1', DATABASE_URL: 'postgres://h/db' }),
    ).toThrow(/^CLUSTER=1 needs JWT_SECRET/);
    expect(load({ CLUSTER: '1', DATABASE_URL: 'postgres://h/db' }).production?.cluster).toBe(true);
  });

  it('DATABASE_POOLER=pgbouncer needs DATABASE_DIRECT_URL for what needs a session', () => {
    expect(() => load({ DATABASE_URL: 'postgres://h:6432/db', DATABASE_POOLER: 'pgbouncer' })).toThrow(
      /^DATABASE_POOLER=pgbouncer needs DATABASE_DIRECT_URL/,
    );
    expect(() => load({ DATABASE_POOLER: 'pgpool' })).toThrow(/DATABASE_POOLER must be none or pgbouncer/);
    const config = load({
      DATABASE_URL: 'postgres://h:6432/db',
      DATABASE_POOLER: 'pgbouncer',
      DATABASE_DIRECT_URL: 'postgres://h:5432/db',
    });
    expect(config.databasePooler).toBe('pgbouncer');
    expect(config.databaseDirectUrl).toBe('postgres://h:5432/db');
    expect(load({}).databasePooler).toBeNull();
  });
});

const COLLAPSED = 'gogo_forwarded_collapsed_requests_total';
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
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

describe('a TRUST_PROXY that collapses every client into one address', () => {
  async function forwardedWindow(ctx: TestContext, remoteAddress: string) {
    for (let i = 0; i < COLLAPSE_WINDOW; i++) {
      await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${i % (COLLAPSE_MIN_CHAINS * 2)}` },
      });
    }
  }
  const scrape = async (ctx: TestContext) =>
    sample((await ctx.app.inject({ method: 'GET', url: '/metrics' })).body, COLLAPSED);

  it('is counted and logged when many forwarded clients all resolve to the untrusted hop', async () => {
    const { lines, logger } = capturedLogger();
    // The proxy really sits at 10.0.0.7; TRUST_PROXY names another address.
    const ctx = await app({ trustProxy: ['127.0.0.1'] }, { logger });
    const before = await scrape(ctx);
    await forwardedWindow(ctx, '10.0.0.7');
    expect(await scrape(ctx)).toBe(before + COLLAPSE_WINDOW);
    const warnings = lines.filter((l) => /resolved to one client address/.test(l.msg));
    expect(warnings).toHaveLength(1);
  });

  it('is not counted when TRUST_PROXY names the proxy (the clients stay apart)', async () => {
    const { lines, logger } = capturedLogger();
    const ctx = await app({ trustProxy: ['10.0.0.7'] }, { logger });
    const before = await scrape(ctx);
    await forwardedWindow(ctx, '10.0.0.7');
    expect(await scrape(ctx)).toBe(before);
    expect(lines.filter((l) => /resolved to one client address/.test(l.msg))).toHaveLength(0);
  });
});
