import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawRuleText } from '@gogo/shared/messages';
import { defaultWithdrawRules, loadConfig, parseWithdrawRules } from '../src/settings/index.js';
import { sql } from '../src/db/sql.js';
import { createTestApp, PAYOUT, registerPlayer, type TestContext } from './helpers.js';
import { api, cachedOf, creditGogo, makeEligibleToWithdraw, markEmailVerified, sumsOf } from './money-helpers.js';

const HOUR = 3_600_000;
const body = (amount: number) => ({ amount, cryptoType: 'SOL', cryptoAddress: PAYOUT.SOL });
const setChanged = sql<{ userId: number; at: number }>('UPDATE users SET password_changed_at = :at WHERE id = :userId');
const setEmailChanged = sql<{ userId: number; at: number }>(
  'UPDATE users SET email_changed_at = :at WHERE id = :userId',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function player(gogo: number) {
  const p = await registerPlayer(ctx.app);
  await creditGogo(ctx, p.user.id, gogo);
  return { ...p, api: api(ctx.app, p.token) };
}

/** The refusal, and proof that nothing was held: balance and ledger as before. */
async function expectRefused(p: Awaited<ReturnType<typeof player>>, amount: number, status: number, code: string) {
  const before = await sumsOf(ctx, p.user.id);
  const res = await p.api.post('/api/credits/withdrawal-request', body(amount));
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().success).toBe(false);
  expect(res.json().error.code).toBe(code);
  expect(await sumsOf(ctx, p.user.id)).toEqual(before);
  expect((await p.api.get('/api/credits/balance')).json().data.pendingWithdrawals).toBe(0);
  return res.json().error as { message: string; details?: unknown };
}

describe('withdrawal eligibility (defaults)', () => {
  it('an unverified player gets 403 EMAIL_NOT_VERIFIED first, whatever else is wrong, and nothing is held', async () => {
    const p = await player(500); // also brand new (too young) and asking over the cap
    const error = await expectRefused(p, 6000, 403, 'EMAIL_NOT_VERIFIED');
    expect(error.message).toBe(withdrawRuleText.emailNotVerified);
    // the service-call form obeys the same rules
    const sol = await p.api.post('/api/credits/withdraw-request', { amount: 100, solAddress: PAYOUT.SOL });
    expect(sol.statusCode).toBe(403);
    expect(sol.json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('a verified account younger than 72 hours is refused with the time left; at 72 hours it may withdraw', async () => {
    const p = await player(500);
    await markEmailVerified(ctx.database, p.user.id, ctx.clock());
    const error = await expectRefused(p, 100, 403, 'WITHDRAW_ACCOUNT_TOO_NEW');
    expect(error.message).toBe(withdrawRuleText.accountTooNew(72, 72 * HOUR));
    expect(error.message).toContain('in 72 hours');
    ctx.clock.advance(72 * HOUR);
    const ok = await p.api.post('/api/credits/withdrawal-request', body(100));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await cachedOf(ctx, p.user.id))!.balance).toBe(400);
  });

  it('a password or email change pauses withdrawals for 24 hours', async () => {
    const p = await player(500);
    await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
    await ctx.database.write((tx) => tx.run(setChanged, { userId: p.user.id, at: ctx.clock() - HOUR }));
    const error = await expectRefused(p, 100, 403, 'WITHDRAW_COOLDOWN');
    expect(error.message).toBe(withdrawRuleText.changeCooldown(24, 23 * HOUR));
    const q = await player(500);
    await makeEligibleToWithdraw(ctx.database, q.user.id, ctx.clock());
    await ctx.database.write((tx) => tx.run(setEmailChanged, { userId: q.user.id, at: ctx.clock() - 23 * HOUR }));
    expect((await expectRefused(q, 100, 403, 'WITHDRAW_COOLDOWN')).message).toContain('in 60 minutes');
    ctx.clock.advance(HOUR);
    expect((await q.api.post('/api/credits/withdrawal-request', body(100))).statusCode).toBe(201);
  });

  it('caps the GOGO asked for in any 24 hours at 5,000 (pending and paid requests count)', async () => {
    const p = await player(9000);
    await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
    expect((await p.api.post('/api/credits/withdrawal-request', body(3000))).statusCode).toBe(201);
    const error = await expectRefusedKeepingHold(p, 2500);
    expect(error.message).toBe(withdrawRuleText.dailyCap(5000, 2000));
    expect(error.details).toEqual({ field: 'amount' });
    expect((await p.api.post('/api/credits/withdrawal-request', body(2000))).statusCode).toBe(201);
    ctx.clock.advance(24 * HOUR + 1000);
    expect((await p.api.post('/api/credits/withdrawal-request', body(2500))).statusCode).toBe(201);
  });

  it('allows at most 3 pending withdrawals at once (409)', async () => {
    const p = await player(1000);
    await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
    for (let i = 0; i < 3; i += 1)
      expect((await p.api.post('/api/credits/withdrawal-request', body(100))).statusCode).toBe(201);
    const res = await p.api.post('/api/credits/withdrawal-request', body(100));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'WITHDRAW_TOO_MANY_PENDING',
      message: withdrawRuleText.tooManyPending(3),
    });
    expect((await cachedOf(ctx, p.user.id))!.balance).toBe(700);
  });

  async function expectRefusedKeepingHold(p: Awaited<ReturnType<typeof player>>, amount: number) {
    const before = await sumsOf(ctx, p.user.id);
    const res = await p.api.post('/api/credits/withdrawal-request', body(amount));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('WITHDRAW_DAILY_CAP');
    expect(await sumsOf(ctx, p.user.id)).toEqual(before);
    return res.json().error as { message: string; details?: unknown };
  }
});

describe('WITHDRAW_* settings', () => {
  it('reads every rule from the environment with the documented defaults, and refuses nonsense', () => {
    expect(parseWithdrawRules({})).toEqual(defaultWithdrawRules);
    expect(defaultWithdrawRules).toEqual({
      enabled: true,
      requireVerifiedEmail: true,
      minAccountAgeHours: 72,
      changeCooldownHours: 24,
      dailyCap: 5000,
      maxPending: 3,
    });
    expect(
      parseWithdrawRules({
        WITHDRAW_ELIGIBILITY: 'off',
        WITHDRAW_REQUIRE_VERIFIED_EMAIL: 'false',
        WITHDRAW_MIN_ACCOUNT_AGE_HOURS: '0',
        WITHDRAW_CHANGE_COOLDOWN_HOURS: '48',
        WITHDRAW_DAILY_CAP: '0',
        WITHDRAW_MAX_PENDING: '1',
      }),
    ).toEqual({
      enabled: false,
      requireVerifiedEmail: false,
      minAccountAgeHours: 0,
      changeCooldownHours: 48,
      dailyCap: 0,
      maxPending: 1,
    });
    expect(() => parseWithdrawRules({ WITHDRAW_ELIGIBILITY: 'maybe' })).toThrow(
      /WITHDRAW_ELIGIBILITY must be on or off/,
    );
    expect(() => parseWithdrawRules({ WITHDRAW_DAILY_CAP: '-5' })).toThrow(/WITHDRAW_DAILY_CAP must be a whole number/);
  });

  it('JWT_SECRET shorter than 32 characters refuses to start', () => {
    const dataDir = ctx.dataDir;
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /JWT_SECRET must be at least 32/,
    );
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('WITHDRAW_ELIGIBILITY=off lets an unverified brand-new account withdraw, and says so in the start-up log', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const off = await createTestApp(
      { withdrawRules: { ...defaultWithdrawRules, enabled: false } },
      { logger: { level: 'warn', stream } },
    );
    try {
      expect(lines.some((l) => l.includes(withdrawRuleText.eligibilityOffWarning))).toBe(true);
      const p = await registerPlayer(off.app);
      await creditGogo(off, p.user.id, 9000);
      const res = await api(off.app, p.token).post('/api/credits/withdrawal-request', body(6000));
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await off.close();
    }
  });

  it('each rule can be set: no age or cap, verification still required', async () => {
    const loose = await createTestApp({
      withdrawRules: { ...defaultWithdrawRules, minAccountAgeHours: 0, dailyCap: 0 },
    });
    try {
      const p = await registerPlayer(loose.app);
      await creditGogo(loose, p.user.id, 9000);
      const call = () => api(loose.app, p.token).post('/api/credits/withdrawal-request', body(6000));
      expect((await call()).json().error.code).toBe('EMAIL_NOT_VERIFIED');
      await markEmailVerified(loose.database, p.user.id, loose.clock());
      expect((await call()).statusCode).toBe(201);
    } finally {
      await loose.close();
    }
  });
});
