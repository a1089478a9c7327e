import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { sql } from '../src/db/sql.js';
import { PLAYER_TOKEN_TTL_S } from '../src/plugins/auth.js';
import { computeSecurityHeaders } from '../src/plugins/security.js';
import { bearer, createTestClock, registerPlayer, type TestClock } from './helpers.js';
import { configFor } from './ops-helpers.js';

// The per-request work trimmed without changing what a client sees.
const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed by hand, so that tests can forge the algorithms and claims the server must refuse. */
function forge(header: Record<string, unknown>, claims: Record<string, unknown>, algorithm = 'sha256'): string {
  const body = `${b64(header)}.${b64(claims)}`;
  return `${body}.${createHmac(algorithm, SECRET).update(body).digest('base64url')}`;
}

let app: FastifyInstance;
let clock: TestClock;
let database: Database;
let dir: string;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gogo-overhead-'));
  const file = join(dir, 'gogo.sqlite');
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  clock = createTestClock();
  app = await buildApp({
    config: configFor(file, { trustProxy: ['127.0.0.1'] }),
    database: (database = openDatabase(file)),
    clock,
    logger: { level: 'info', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are computed once and sent the same on every answer, errors included', async () => {
    const expected = computeSecurityHeaders();
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected).not.toHaveProperty('strict-transport-security');
    for (const url of ['/api/health', '/api/no-such-route', '/api/auth/me']) {
      const res = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });
});

describe('token verification', () => {
  const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const codeOf = async (token: string) => (await me(token)).json().error?.code as string | undefined;

  it('accepts our token until its expiry by the app clock, then answers TOKEN_EXPIRED', async () => {
    const { token } = await registerPlayer(app);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(PLAYER_TOKEN_TTL_S * 1000 - 1000);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(2000);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('keeps HS256 pinned and refuses tokens we did not sign or that carry no expiry', async () => {
    const { user } = await registerPlayer(app);
    const iat = Math.floor(clock() / 1000);
    const claims = { sub: String(user.id), role: 'player', tv: 0, iat, exp: iat + 3600 };
    expect((await me(forge({ alg: 'HS256', typ: 'JWT' }, claims))).statusCode).toBe(200); // the forge is faithful
    expect(await codeOf(forge({ alg: 'HS512', typ: 'JWT' }, claims, 'sha512'))).toBe('INVALID_TOKEN');
    expect(await codeOf(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).toBe('INVALID_TOKEN');
    expect(await codeOf(forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: undefined }))).toBe('INVALID_TOKEN');
    expect(await codeOf(forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, tv: 1 }))).toBe('INVALID_TOKEN');
    expect(await codeOf('not.a.jwt')).toBe('INVALID_TOKEN');
  });

  it('remembers a verified token by its exact text only: another signature is refused, a revoked token too', async () => {
    const { token, user } = await registerPlayer(app);
    expect((await me(token)).statusCode).toBe(200);
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const other = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await codeOf(`${token.slice(0, token.lastIndexOf('.') + 1)}${other}`)).toBe('INVALID_TOKEN');
    expect((await me(token)).statusCode).toBe(200);
    // Revoked (as a password change does): the account's version moves and the remembered token is refused.
    const bump = sql<{ id: number }>('UPDATE users SET token_version = token_version + 1 WHERE id = :id');
    await database.write((tx) => tx.run(bump, { id: user.id }));
    expect(await codeOf(token)).toBe('INVALID_TOKEN');
  });

  it('answers UNAUTHORIZED when the header is not a bearer token', async () => {
    for (const authorization of ['Token abc', 'Bearer', 'Bearer a b']) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code, authorization).toBe('UNAUTHORIZED');
    }
  });
});

describe('request log', () => {
  it('writes one line per request with method, route, status, time, request id and client address', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/friends/4242?secret=1',
      headers: { 'x-request-id': 'req-one-line', 'x-forwarded-for': '203.0.113.77' },
    });
    expect(res.statusCode).toBe(401);
    const mine = lines.filter((line) => line.reqId === 'req-one-line');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/user/friends/:id',
      status: 401,
      ip: '203.0.113.77', // from the trusted proxy 127.0.0.1
    });
    expect(typeof mine[0]!.ms).toBe('number');
    expect(JSON.stringify(mine[0])).not.toContain('4242');
  });

  it('writes one line for an unknown path too, by its path without the query', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/nope/here?token=abc', headers: { 'x-request-id': 'req-404' } });
    const mine = lines.filter((line) => line.reqId === 'req-404');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', route: 'unmatched /api/nope/here', status: 404 });
    expect(JSON.stringify(mine[0])).not.toContain('abc');
  });
});
