import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { errorTextByCode, validationText } from '@gogo/shared/messages';
import { errorsPlugin } from '../src/plugins/errors.js';
import { defaultAuthRateLimit } from '../src/settings/index.js';
import { bearer, createTestApp, newPlayer, registerPlayer, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/register', () => {
  it('creates a player and returns user and token, never a hash', async () => {
    const body = newPlayer();
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.success).toBe(true);
    expect(json.data.user).toMatchObject({ username: body.username, email: body.email });
    expect(typeof json.data.user.id).toBe('number');
    expect(typeof json.data.token).toBe('string');
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it.each([
    [{ username: '' }, 'INVALID_USERNAME', validationText.usernameRequired],
    [{ username: 'ab' }, 'INVALID_USERNAME', validationText.usernameTooShort],
    [{ username: 'a'.repeat(21) }, 'INVALID_USERNAME', validationText.usernameTooLong],
    [{ username: 'bad name!' }, 'INVALID_USERNAME', validationText.usernameCharset],
    [{ email: '' }, 'INVALID_EMAIL', validationText.emailRequired],
    [{ email: 'not an@email.com' }, 'INVALID_EMAIL', validationText.emailInvalid],
    [{ email: 'nope' }, 'INVALID_EMAIL', validationText.emailInvalid],
    [{ password: '' }, 'WEAK_PASSWORD', validationText.passwordRequired],
    [{ password: 'abc12' }, 'WEAK_PASSWORD', validationText.passwordTooShort],
    [{ password: 'lettersonly' }, 'WEAK_PASSWORD', validationText.passwordLettersAndDigits],
    [{ password: '1234567890' }, 'WEAK_PASSWORD', validationText.passwordLettersAndDigits],
  ])('refuses %j with 400 %s', async (patch, code, message) => {
    const res = await post('/api/auth/register', { ...newPlayer(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: { code, message, details: expect.anything() } });
  });

  it('refuses a taken email, case-insensitively, with 409 EMAIL_ALREADY_EXISTS', async () => {
    const first = newPlayer();
    await registerPlayer(ctx.app, first);
    const res = await post('/api/auth/register', { ...newPlayer(), email: first.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'EMAIL_ALREADY_EXISTS', message: errorTextByCode.EMAIL_ALREADY_EXISTS });
  });

  it('refuses a taken username, case-insensitively, with 409 USERNAME_ALREADY_EXISTS', async () => {
    const first = newPlayer();
    await registerPlayer(ctx.app, first);
    const res = await post('/api/auth/register', { ...newPlayer(), username: first.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('USERNAME_ALREADY_EXISTS');
  });

  it('lets exactly one of two simultaneous registrations of one email through', async () => {
    const body = newPlayer();
    const [a, b] = await Promise.all([
      post('/api/auth/register', body),
      post('/api/auth/register', { ...newPlayer(), email: body.email }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the right password (email in any case) and records lastLogin', async () => {
    const p = await registerPlayer(ctx.app);
    ctx.clock.advance(60_000);
    const res = await post('/api/auth/login', { email: p.user.email.toUpperCase(), password: p.password });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.user.id).toBe(p.user.id);
    expect(data.user.lastLogin).toBe(new Date(ctx.clock.now).toISOString());
    expect(res.body).not.toContain('argon2');
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password and for an unknown email alike', async () => {
    const p = await registerPlayer(ctx.app);
    const wrong = await post('/api/auth/login', { email: p.user.email, password: 'wrong1234' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong1234' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: errorTextByCode.INVALID_CREDENTIALS });
    }
  });

  it('locks the address for 15 minutes after 5 failures on the account (423), even for the right password', async () => {
    const p = await registerPlayer(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await post('/api/auth/login', { email: p.user.email, password: 'wrong1234' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const locked = await post('/api/auth/login', { email: p.user.email, password: p.password });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error).toEqual({ code: 'ACCOUNT_LOCKED', message: errorTextByCode.ACCOUNT_LOCKED });
    ctx.clock.advance(14 * 60_000);
    expect((await post('/api/auth/login', { email: p.user.email, password: p.password })).statusCode).toBe(423);
    ctx.clock.advance(61_000);
    expect((await post('/api/auth/login', { email: p.user.email, password: p.password })).statusCode).toBe(200);
    // A success clears the count: four new failures do not lock.
    for (let i = 0; i < 4; i += 1) await post('/api/auth/login', { email: p.user.email, password: 'wrong1234' });
    expect((await post('/api/auth/login', { email: p.user.email, password: p.password })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the token owner', async () => {
    const p = await registerPlayer(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(p.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: p.user.id, username: p.user.username });
  });

  it('logout revokes the token (and every other token of that player)', async () => {
    const p = await registerPlayer(ctx.app);
    const second = (await post('/api/auth/login', { email: p.user.email, password: p.password })).json().data.token;
    const out = await post('/api/auth/logout', {}, bearer(p.token));
    expect(out.statusCode).toBe(200);
    for (const token of [p.token, second]) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      expect(me.json().error.code).toBe('INVALID_TOKEN');
    }
  });

  it('a token older than 7 days answers 401 TOKEN_EXPIRED', async () => {
    const p = await registerPlayer(ctx.app);
    ctx.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(p.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'TOKEN_EXPIRED', message: errorTextByCode.TOKEN_EXPIRED });
  });

  it('no token, a malformed token, a forged token and a foreign algorithm are all 401', async () => {
    const p = await registerPlayer(ctx.app);
    const [header, payload] = p.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', role: 'player', tv: 0 })).toString('base64url');
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'UNAUTHORIZED'],
      [bearer('garbage'), 'INVALID_TOKEN'],
      [bearer(`${header}.${forgedPayload}.${p.token.split('.')[2]}`), 'INVALID_TOKEN'],
      [bearer(noneAlg), 'INVALID_TOKEN'],
    ];
    for (const [headers, code] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(code);
    }
  });

  it('an admin token is refused (403) on player routes', async () => {
    const adminToken = ctx.app.signToken('admin', 1, 0);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});

describe('envelope and platform', () => {
  it('malformed JSON is a 400 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": "a@b.co", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'MALFORMED_JSON' } });
  });

  it('an empty JSON body is the same 400 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'MALFORMED_JSON' } });
  });

  it('a body in another media type is a 415 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('a body that fails the schema is a 400 envelope with details', async () => {
    const res = await post('/api/auth/login', { email: 42 });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.error.code).toBe('VALIDATION_ERROR');
    expect(Array.isArray(json.error.details)).toBe(true);
  });

  it('an unknown /api route is a 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('GET /api/health reports status and version', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', version: '0.0.0-test' });
  });

  it('sends a strict Content-Security-Policy without inline script', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an OpenAPI document that lists the auth routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/health']),
    );
  });

  it('an unexpected error is a 500 envelope without internals', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('secret internal detail at /srv/db.ts:42');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: 'Server error. Please try again later.' },
    });
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});

describe('rate limits', () => {
  it('limits the auth routes per IP with 429 RATE_LIMIT_EXCEEDED', async () => {
    const limited = await createTestApp({
      authRateLimit: { ...defaultAuthRateLimit, perIpMax: 3, perAccountMax: 100, windowMs: 60_000 },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `x${i}@example.com`, password: 'whatever1' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().error).toEqual({
            code: 'RATE_LIMIT_EXCEEDED',
            message: errorTextByCode.RATE_LIMIT_EXCEEDED,
          });
        }
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      // Another address is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.9',
        payload: { email: 'y@example.com', password: 'whatever1' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
