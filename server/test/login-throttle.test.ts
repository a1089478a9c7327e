import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTextByCode } from '@gogo/shared/messages';
import { defaultAuthRateLimit, type AuthRateLimit } from '../src/settings/index.js';
import { sql } from '../src/db/sql.js';
import { createLoginThrottle } from '../src/modules/auth/login-throttle.js';
import { memoryCounters } from '../src/modules/throttle/counters.js';
import { createAdminSession } from './admin-helpers.js';
import { bearer, createTestApp, newPlayer, registerPlayer, type TestContext } from './helpers.js';

// Login throttling after OWASP ASVS 5.0 chapter 6 that cannot be turned against the owner.
const MIN = 60_000;

interface Attempt {
  email: string;
  password: string;
  /** The client address as a trusted proxy reports it (TRUST_PROXY=127.0.0.1). */
  from?: string;
  deviceId?: string;
}

const login = (ctx: TestContext, a: Attempt) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: {
      ...(a.from ? { 'x-forwarded-for': a.from } : {}),
      ...(a.deviceId ? { 'x-device-id': a.deviceId } : {}),
    },
    payload: { email: a.email, password: a.password },
  });

/** A test app behind a trusted proxy (127.0.0.1, the inject address), with the given login limits. */
const behindProxy = (limits: Partial<AuthRateLimit> = {}) =>
  createTestApp({ trustProxy: ['127.0.0.1'], authRateLimit: { ...defaultAuthRateLimit, ...limits } });

const counterRows = sql<{ prefix: string }, { key: string }>(
  'SELECT key FROM throttle_counters WHERE substr(key, 1, length(CAST(:prefix AS TEXT))) = CAST(:prefix AS TEXT)',
);

// The dummy hash for unknown emails must carry the cost the players' hashes carry (the production
// cost here), even after other test files of this worker signed in unknown emails at the fast cost.
describe('equal timing', () => {
  let ctx: TestContext;
  const fast = process.env.GOGO_FAST_PASSWORD_HASH;
  beforeAll(async () => {
    delete process.env.GOGO_FAST_PASSWORD_HASH;
    ctx = await behindProxy();
  });
  afterAll(async () => {
    process.env.GOGO_FAST_PASSWORD_HASH = fast;
    await ctx.close();
  });

  it('takes about as long for an unknown email as for a wrong password (a dummy hash is verified)', async () => {
    const p = await registerPlayer(ctx.app); // hashed at the production cost (beforeAll)
    const time = async (email: string, i: number) => {
      const t0 = performance.now();
      await login(ctx, { email, password: 'wrong-pass1', from: `192.0.2.${i}` });
      return performance.now() - t0;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      known.push(await time(p.user.email, i + 1));
      unknown.push(await time(`nobody${i}@example.com`, i + 101));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('per address+account lock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await behindProxy();
  });
  afterAll(async () => ctx.close());

  it('locks only the address that failed; the owner signs in from another address', async () => {
    const p = await registerPlayer(ctx.app);
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await login(ctx, { email: p.user.email, password: 'wrong-pass1', from: attacker })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const blocked = await login(ctx, { email: p.user.email, password: p.password, from: attacker });
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json().error).toEqual({ code: 'ACCOUNT_LOCKED', message: errorTextByCode.ACCOUNT_LOCKED });

    const owner = await login(ctx, { email: p.user.email, password: p.password, from: '198.51.100.10' });
    expect(owner.statusCode).toBe(200);
    // The owner's success does not free the attacker's address.
    expect((await login(ctx, { email: p.user.email, password: p.password, from: attacker })).statusCode).toBe(423);
    ctx.clock.advance(15 * MIN + 1);
    expect((await login(ctx, { email: p.user.email, password: p.password, from: attacker })).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a wrong password, lock included', async () => {
    const p = await registerPlayer(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const known = await login(ctx, { email: p.user.email, password: 'wrong-pass1', from: '203.0.113.70' });
      const unknown = await login(ctx, { email: 'ghost@example.com', password: 'wrong-pass1', from: '203.0.113.71' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      statuses.push(known.statusCode);
    }
    // The 5th failure locks that address out of an unknown email too: a 423 does not tell that an account exists.
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
  });

  it('admin unlock clears every address lock and the soft throttle of the account', async () => {
    const p = await registerPlayer(ctx.app);
    const admin = await createAdminSession(ctx);
    for (const from of ['203.0.113.80', '203.0.113.81']) {
      for (let i = 0; i < 5; i += 1) await login(ctx, { email: p.user.email, password: 'wrong-pass1', from });
    }
    const listed = (await ctx.app.inject({ url: '/api/admin/locked-users', headers: bearer(admin.token) })).json();
    expect(listed.data.lockedUsers).toContainEqual(
      expect.objectContaining({ id: p.user.id, loginAttempts: 10, lockUntil: expect.any(String) }),
    );
    expect((await login(ctx, { email: p.user.email, password: p.password, from: '203.0.113.80' })).statusCode).toBe(
      423,
    );
    const unlock = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/unlock-user',
      headers: bearer(admin.token),
      payload: { email: p.user.email },
    });
    expect(unlock.json().data).toMatchObject({ userId: p.user.id, wasLocked: true });
    expect(await ctx.database.read.all(counterRows, { prefix: `login-lock:${p.user.email}:` })).toEqual([]);
    expect(await ctx.database.read.all(counterRows, { prefix: `login-account:${p.user.email}` })).toEqual([]);
    for (const from of ['203.0.113.80', '203.0.113.81']) {
      expect((await login(ctx, { email: p.user.email, password: p.password, from })).statusCode).toBe(200);
    }
  });
});

describe('account-wide soft throttle', () => {
  it(
    'spaces attempts on an account guessed from many addresses, and never slows the owner',
    { timeout: 120_000 },
    async () => {
      const ctx = await behindProxy({ perAccountMax: 3, softDelayMs: 400, softDelayMaxMs: 800 });
      try {
        const p = await registerPlayer(ctx.app); // signed up from 127.0.0.1 (no forwarded address)
        // Three failures from three addresses: no address is locked, the account is now throttled.
        for (let i = 1; i <= 3; i += 1) {
          const res = await login(ctx, { email: p.user.email, password: 'wrong-pass1', from: `203.0.113.${i}` });
          expect(res.statusCode).toBe(401);
        }
        const guess = await login(ctx, { email: p.user.email, password: 'wrong-pass1', from: '203.0.113.4' });
        expect(guess.statusCode).toBe(401); // the slot's one attempt
        const next = await login(ctx, { email: p.user.email, password: 'wrong-pass1', from: '203.0.113.5' });
        expect(next.statusCode).toBe(429);
        expect(Number(next.headers['retry-after'])).toBe(1); // 4 failures: 800 ms, rounded up
        // The owner from the sign-up address is not slowed; from a new address, after the slot.
        expect((await login(ctx, { email: p.user.email, password: p.password })).statusCode).toBe(200);
        ctx.clock.advance(800);
        expect((await login(ctx, { email: p.user.email, password: p.password, from: '198.51.100.1' })).statusCode).toBe(
          200,
        );
        // Another account is not throttled.
        const q = await registerPlayer(ctx.app);
        expect((await login(ctx, { email: q.user.email, password: q.password, from: '198.51.100.1' })).statusCode).toBe(
          200,
        );
      } finally {
        await ctx.close();
      }
    },
  );

  it('doubles the delay per failure up to the ceiling', () => {
    const throttle = createLoginThrottle({
      counters: memoryCounters(),
      clock: () => 0,
      limits: defaultAuthRateLimit,
    });
    const delays = [0, 9, 10, 11, 12, 13, 14, 100].map((n) => throttle.delayFor(n));
    expect(delays).toEqual([0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('failed logins per address across accounts (TRUST_PROXY)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await behindProxy();
  });
  afterAll(async () => ctx.close());

  it(
    '100 failed logins to 100 emails from one address meet 429 well before the end',
    { timeout: 120_000 },
    async () => {
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 100; i += 1) {
        const res = await login(ctx, { email: `victim${i}@example.com`, password: 'guess-pass1', from: '203.0.113.9' });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          retryAfter ??= res.headers['retry-after'] as string;
          expect(res.json().error).toEqual({
            code: 'RATE_LIMIT_EXCEEDED',
            message: errorTextByCode.RATE_LIMIT_EXCEEDED,
          });
        }
      }
      expect(statuses.indexOf(429)).toBe(defaultAuthRateLimit.failedPerIp);
      expect(statuses.slice(defaultAuthRateLimit.failedPerIp).every((s) => s === 429)).toBe(true);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      // Another client of the same proxy is not affected; the admin sign-in shares the address's budget.
      expect(
        (await login(ctx, { email: 'victim0@example.com', password: 'x-pass1', from: '203.0.113.10' })).statusCode,
      ).toBe(401);
      const admin = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { username: 'someone', password: 'whatever-1' },
      });
      expect(admin.statusCode).toBe(429);
    },
  );

  it('300 players behind one NAT sign in within 15 minutes (a few typos included)', { timeout: 300_000 }, async () => {
    const nat = '198.51.100.200';
    // Signed up 25 at a time: the sign-ups only set the scene; the logins below are what is tested.
    const players = [];
    for (let batch = 0; batch < 12; batch += 1) {
      players.push(...(await Promise.all(Array.from({ length: 25 }, () => registerPlayer(ctx.app, newPlayer('nat'))))));
    }
    const statuses = new Map<number, number>();
    for (const [i, p] of players.entries()) {
      if (i % 30 === 0) await login(ctx, { email: p.user.email, password: 'typo-pass1', from: nat });
      const res = await login(ctx, { email: p.user.email, password: p.password, from: nat });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      ctx.clock.advance(2_000); // 300 logins in 10 minutes
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 300 });
  });
});

describe('account_addresses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await behindProxy();
  });
  afterAll(async () => ctx.close());

  const rowsOf = sql<
    { userId: number },
    { kind: string; ip: string; deviceId: string; count: number; firstSeenAt: number; lastSeenAt: number }
  >(
    `SELECT kind, ip, device_id AS "deviceId", count, first_seen_at AS "firstSeenAt", last_seen_at AS "lastSeenAt"
     FROM account_addresses WHERE user_id = :userId ORDER BY kind, ip, device_id`,
  );

  it('records the sign-up and each login with address and device id (upserted)', async () => {
    const body = newPlayer();
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-for': '203.0.113.5', 'x-device-id': 'dev-1234abcd' },
      payload: body,
    });
    expect(reg.statusCode).toBe(201);
    const userId = reg.json().data.user.id as number;
    const t0 = ctx.clock.now;
    await login(ctx, { email: body.email, password: body.password, from: '203.0.113.6', deviceId: 'dev-1234abcd' });
    ctx.clock.advance(MIN);
    await login(ctx, { email: body.email, password: body.password, from: '203.0.113.6', deviceId: 'dev-1234abcd' });
    // A malformed device id is not stored (the address still is); a failed login records nothing.
    await login(ctx, { email: body.email, password: body.password, from: '203.0.113.7', deviceId: 'bad id!' });
    await login(ctx, { email: body.email, password: 'wrong-pass1', from: '203.0.113.8' });
    expect(await ctx.database.read.all(rowsOf, { userId })).toEqual([
      { kind: 'login', ip: '203.0.113.6', deviceId: 'dev-1234abcd', count: 2, firstSeenAt: t0, lastSeenAt: t0 + MIN },
      { kind: 'login', ip: '203.0.113.7', deviceId: '', count: 1, firstSeenAt: t0 + MIN, lastSeenAt: t0 + MIN },
      { kind: 'signup', ip: '203.0.113.5', deviceId: 'dev-1234abcd', count: 1, firstSeenAt: t0, lastSeenAt: t0 },
    ]);
  });
});
