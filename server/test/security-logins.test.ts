import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAuthRateLimit, type AuthRateLimit } from '../src/settings/index.js';
import { CHALLENGE_MAX_CODES, SECOND_FACTOR_FAILURES_PER_ADMIN } from '../src/modules/admin-security/login.js';
import { createAdminSession } from './admin-helpers.js';
import { bearer, createTestApp, newPlayer, type TestContext } from './helpers.js';

// Login limits that parallel bursts cannot beat, admin sessions bound to the second factor, a
// single-use challenge, and a soft throttle that slows guessing but not the owner (OWASP ASVS 5.0 L2).
const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });

const behindProxy = (limits: Partial<AuthRateLimit> = {}) =>
  createTestApp({ trustProxy: ['127.0.0.1'], authRateLimit: { ...defaultAuthRateLimit, ...limits } });

function http(ctx: TestContext) {
  return {
    post: (url: string, payload: object, opts: { token?: string; from?: string; device?: string } = {}) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: {
          ...(opts.token ? bearer(opts.token) : {}),
          ...(opts.from ? { 'x-forwarded-for': opts.from } : {}),
          ...(opts.device ? { 'x-device-id': opts.device } : {}),
        },
      }),
    get: (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) }),
  };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('parallel bursts meet the login limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await behindProxy();
  });
  afterAll(async () => ctx.close());

  it('100 failed logins sent at once from one address: no more than 30 are checked, the rest 429', async () => {
    const api = http(ctx);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        api.post(
          '/api/auth/login',
          { email: `burst${i}@example.com`, password: 'guess-pass1' },
          { from: '203.0.113.50' },
        ),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(defaultAuthRateLimit.failedPerIp);
    expect(count(statuses, 429)).toBe(100 - defaultAuthRateLimit.failedPerIp);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('RATE_LIMIT_EXCEEDED');
  });

  it('20 wrong passwords at once on one account from one address: only the lock allowance is checked', async () => {
    const api = http(ctx);
    const body = newPlayer('pair');
    expect((await api.post('/api/auth/register', body, { from: '198.51.100.77' })).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post('/api/auth/login', { email: body.email, password: 'wrong-pass1' }, { from: '203.0.113.51' }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(count(statuses, 401)).toBe(defaultAuthRateLimit.lockAfter - 1);
    expect(count(statuses, 423)).toBe(20 - (defaultAuthRateLimit.lockAfter - 1));
    // The owner from their own address is not locked out.
    const owner = await api.post(
      '/api/auth/login',
      { email: body.email, password: body.password },
      { from: '198.51.100.77' },
    );
    expect(owner.statusCode).toBe(200);
  });
});

describe('the account-wide soft throttle limits guessing, not the owner', () => {
  it(
    'the owner from a known device signs in at once; parallel guesses pass one per delay',
    { timeout: 60_000 },
    async () => {
      const ctx = await behindProxy({ perAccountMax: 3, softDelayMs: 2000, softDelayMaxMs: 8000 });
      try {
        const api = http(ctx);
        const body = newPlayer('owner');
        const device = 'owner-device-0001';
        expect((await api.post('/api/auth/register', body, { from: '198.51.100.10', device })).statusCode).toBe(201);
        for (let i = 1; i <= 3; i += 1) {
          const res = await api.post(
            '/api/auth/login',
            { email: body.email, password: 'wrong-pass1' },
            { from: `203.0.113.${i}` },
          );
          expect(res.statusCode).toBe(401);
        }
        const guesses = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            api.post(
              '/api/auth/login',
              { email: body.email, password: `guess-${i}-pass` },
              { from: `203.0.113.${20 + i}` },
            ),
          ),
        );
        const statuses = guesses.map((r) => r.statusCode);
        expect(count(statuses, 401)).toBe(1);
        expect(count(statuses, 429)).toBe(11);
        expect(Number(guesses.find((r) => r.statusCode === 429)!.headers['retry-after'])).toBeGreaterThan(0);
        // The owner on a new network but the same device, and on the sign-up address: at once.
        const t0 = performance.now();
        const owner = await api.post(
          '/api/auth/login',
          { email: body.email, password: body.password },
          { from: '192.0.2.99', device },
        );
        expect(owner.statusCode).toBe(200);
        expect(performance.now() - t0).toBeLessThan(1500);
        const home = await api.post(
          '/api/auth/login',
          { email: body.email, password: body.password },
          { from: '198.51.100.10' },
        );
        expect(home.statusCode).toBe(200);
        // After the delay the next guess is checked again (one per slot).
        ctx.clock.advance(8000);
        const later = await api.post(
          '/api/auth/login',
          { email: body.email, password: 'guess-late' },
          { from: '203.0.113.90' },
        );
        expect(later.statusCode).toBe(401);
      } finally {
        await ctx.close();
      }
    },
  );
});

describe('admin sessions and the second factor', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await behindProxy();
  });
  afterAll(async () => ctx.close());

  async function enrolled() {
    const admin = await createAdminSession(ctx);
    const api = http(ctx);
    const setup = (await api.post('/api/admin/security/totp/setup', {}, { token: admin.token })).json().data;
    const confirm = await api.post(
      '/api/admin/security/totp/confirm',
      { code: codeAt(setup.secret, ctx.clock.now) },
      { token: admin.token },
    );
    expect(confirm.statusCode).toBe(200);
    ctx.clock.advance(60_000); // the confirming code's step is spent
    return { ...admin, secret: setup.secret as string, freshToken: confirm.json().data.token as string };
  }

  const challenge = async (admin: { username: string; password: string }, from = '198.51.100.5') => {
    const res = await http(ctx).post(
      '/api/admin/login',
      { username: admin.username, password: admin.password },
      { from },
    );
    expect(res.statusCode).toBe(200);
    return res.json().data.challengeToken as string;
  };

  it('a token signed with the password alone stops working once the admin enrols', async () => {
    const admin = await enrolled();
    const api = http(ctx);
    const old = await api.get('/api/admin/me', admin.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('INVALID_TOKEN');
    expect((await api.get('/api/admin/me', admin.freshToken)).statusCode).toBe(200);
    const code = codeAt(admin.secret, ctx.clock.now);
    const signed = await api.post('/api/admin/login/second-factor', { challengeToken: await challenge(admin), code });
    expect(signed.statusCode).toBe(200);
    expect((await api.get('/api/admin/me', signed.json().data.token)).statusCode).toBe(200);
  });

  it('a challenge signs in once: a later code on the same challenge is refused', async () => {
    const admin = await enrolled();
    const api = http(ctx);
    const token = await challenge(admin);
    const first = await api.post('/api/admin/login/second-factor', {
      challengeToken: token,
      code: codeAt(admin.secret, ctx.clock.now),
    });
    expect(first.statusCode).toBe(200);
    ctx.clock.advance(60_000); // a new, valid code
    const again = await api.post('/api/admin/login/second-factor', {
      challengeToken: token,
      code: codeAt(admin.secret, ctx.clock.now),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('CHALLENGE_EXPIRED');
  });

  it('wrong codes void the challenge after five, even sent at once from several addresses', async () => {
    const admin = await enrolled();
    const api = http(ctx);
    const token = await challenge(admin);
    const wrong = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post(
          '/api/admin/login/second-factor',
          { challengeToken: token, code: '000000' },
          { from: `192.0.2.${i + 1}` },
        ),
      ),
    );
    expect(
      count(
        wrong.map((r) => r.statusCode),
        401,
      ),
    ).toBe(8);
    expect(wrong.filter((r) => r.json().error.code === 'INVALID_SECOND_FACTOR')).toHaveLength(CHALLENGE_MAX_CODES);
    const right = await api.post('/api/admin/login/second-factor', {
      challengeToken: token,
      code: codeAt(admin.secret, ctx.clock.now),
    });
    expect(right.json().error.code).toBe('CHALLENGE_EXPIRED');
  });

  it('caps wrong codes per admin across challenges and addresses', async () => {
    const admin = await enrolled();
    const api = http(ctx);
    const tokens = await Promise.all([1, 2, 3].map((i) => challenge(admin, `198.51.100.${60 + i}`)));
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        api.post(
          '/api/admin/login/second-factor',
          { challengeToken: tokens[i % 3]!, code: '111111' },
          { from: `192.0.2.${100 + i}` },
        ),
      ),
    );
    const invalid = answers.filter((r) => r.json().error.code === 'INVALID_SECOND_FACTOR').length;
    expect(invalid).toBeLessThanOrEqual(SECOND_FACTOR_FAILURES_PER_ADMIN);
    const next = await api.post(
      '/api/admin/login/second-factor',
      { challengeToken: await challenge(admin, '198.51.100.70'), code: '222222' },
      { from: '192.0.2.200' },
    );
    expect(next.statusCode).toBe(423);
  });
});
