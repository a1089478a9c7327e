import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WsCloseCode } from '@gogo/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { adminSecurityText } from '@gogo/shared/messages';
import { loadConfig } from '../src/settings/index.js';
import { sql } from '../src/db/sql.js';
import { resetAdminSecondFactor } from '../src/modules/admin-security/service.js';
import { dbCounters } from '../src/modules/throttle/counters.js';
import { createAdminSession } from './admin-helpers.js';
import { bearer, createTestApp, type TestContext } from './helpers.js';
import { authedSocket, connectSocket } from './realtime-helpers.js';

// The admin second factor (TOTP with otplib, recovery codes, CLI reset, ADMIN_REQUIRE_2FA).
const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });

const auditOf = sql<{ action: string; adminId: number }, { after: string | null }>(
  'SELECT after FROM admin_audit_log WHERE action = :action AND admin_id = :adminId ORDER BY id',
);
const storedCodes = sql<{ adminId: number }, { codeHash: string }>(
  'SELECT code_hash AS "codeHash" FROM admin_recovery_codes WHERE admin_id = :adminId',
);

function client(ctx: TestContext) {
  return {
    get: (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) }),
    post: (url: string, payload: object, token?: string, from?: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...(token ? bearer(token) : {}), ...(from ? { 'x-forwarded-for': from } : {}) },
      }),
  };
}

/** Enrols the admin through the API; answers the secret and the recovery codes. */
async function enrol(ctx: TestContext, token: string) {
  const http = client(ctx);
  const setup = await http.post('/api/admin/security/totp/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri } = setup.json().data as { secret: string; otpauthUri: string };
  const confirm = await http.post('/api/admin/security/totp/confirm', { code: codeAt(secret, ctx.clock.now) }, token);
  expect(confirm.statusCode).toBe(200);
  const data = confirm.json().data as { recoveryCodes: string[]; token: string };
  return { secret, otpauthUri, recoveryCodes: data.recoveryCodes, token: data.token };
}

describe('TOTP enrolment and two-step sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => ctx.close());

  it('enrols with a first code, shows ten recovery codes once and keeps only their hashes', async () => {
    const admin = await createAdminSession(ctx);
    const http = client(ctx);
    expect((await http.get('/api/admin/security', admin.token)).json().data).toEqual({
      enrolled: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = (await http.post('/api/admin/security/totp/setup', {}, admin.token)).json().data;
    expect(setup.otpauthUri).toBe(
      `otpauth://totp/GOGO%20Board:${admin.username}?secret=${setup.secret}&issuer=GOGO%20Board`,
    );
    const wrong = await http.post('/api/admin/security/totp/confirm', { code: '000000' }, admin.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_SECOND_FACTOR', message: adminSecurityText.invalidCode });

    const confirm = await http.post(
      '/api/admin/security/totp/confirm',
      { code: codeAt(setup.secret, ctx.clock.now) },
      admin.token,
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['cache-control']).toBe('no-store');
    const { recoveryCodes, status, token } = confirm.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(status).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    const hashes = (await ctx.database.read.all(storedCodes, { adminId: admin.id })).map((r) => r.codeHash);
    expect(hashes).toHaveLength(10);
    for (const c of recoveryCodes) expect(hashes.join()).not.toContain(c);
    expect(await ctx.database.read.all(auditOf, { action: 'totp_enrolled', adminId: admin.id })).toHaveLength(1);
    // A second setup cannot replace a working second factor.
    expect((await http.post('/api/admin/security/totp/setup', {}, admin.token)).statusCode).toBe(401); // pre-enrolment session
    expect((await http.post('/api/admin/security/totp/setup', {}, token)).statusCode).toBe(409);
  });

  it('asks every later sign-in for a code; each TOTP code works once', async () => {
    const admin = await createAdminSession(ctx);
    const { secret } = await enrol(ctx, admin.token);
    const http = client(ctx);
    const early = (await http.post('/api/admin/login', { username: admin.username, password: admin.password })).json()
      .data.challengeToken as string;
    const spent = await http.post('/api/admin/login/second-factor', {
      challengeToken: early,
      code: codeAt(secret, ctx.clock.now),
    });
    expect(spent.statusCode).toBe(401); // the code that confirmed the enrolment is spent
    ctx.clock.advance(60_000); // a fresh time step
    const step1 = await http.post('/api/admin/login', { username: admin.username, password: admin.password });
    expect(step1.statusCode).toBe(200);
    const first = step1.json().data;
    expect(first).toMatchObject({ step: 'code-required', setupRequired: false });
    expect(first.token).toBeUndefined();
    expect(Date.parse(first.expiresAt) - ctx.clock.now).toBe(5 * 60_000);

    const bad = await http.post('/api/admin/login/second-factor', {
      challengeToken: first.challengeToken,
      code: '123456',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('INVALID_SECOND_FACTOR');

    const code = codeAt(secret, ctx.clock.now);
    const ok = await http.post('/api/admin/login/second-factor', { challengeToken: first.challengeToken, code });
    expect(ok.statusCode).toBe(200);
    const signedIn = ok.json().data;
    expect(signedIn).toMatchObject({ step: 'signed-in', admin: { id: admin.id }, setupRequired: false });
    expect((await http.get('/api/admin/me', signedIn.token)).statusCode).toBe(200);
    const replay = await http.post('/api/admin/login/second-factor', { challengeToken: first.challengeToken, code });
    expect(replay.statusCode).toBe(401);
    const logins = await ctx.database.read.all(auditOf, { action: 'login', adminId: admin.id });
    expect(JSON.parse(logins.at(-1)!.after!)).toEqual({ secondFactor: 'totp' });
  });

  it('takes each recovery code once, audited', async () => {
    const admin = await createAdminSession(ctx);
    const { recoveryCodes } = await enrol(ctx, admin.token);
    const http = client(ctx);
    const challenge = async () =>
      (await http.post('/api/admin/login', { username: admin.username, password: admin.password })).json().data
        .challengeToken as string;
    const typed = ` ${recoveryCodes[3]!.toLowerCase().replace(/-/g, ' ')} `; // case and spacing do not matter
    const ok = await http.post('/api/admin/login/second-factor', { challengeToken: await challenge(), code: typed });
    expect(ok.statusCode).toBe(200);
    const again = await http.post('/api/admin/login/second-factor', {
      challengeToken: await challenge(),
      code: recoveryCodes[3],
    });
    expect(again.statusCode).toBe(401);
    expect((await http.get('/api/admin/security', ok.json().data.token)).json().data.recoveryCodesLeft).toBe(9);
    const used = await ctx.database.read.all(auditOf, { action: 'recovery_code_used', adminId: admin.id });
    expect(used.map((r) => JSON.parse(r.after!))).toEqual([{ left: 9 }]);
  });

  it('refuses an expired or forged challenge, and locks the address after 5 wrong codes', async () => {
    const admin = await createAdminSession(ctx);
    const { secret } = await enrol(ctx, admin.token);
    const http = client(ctx);
    const from = '203.0.113.44';
    const password = async () =>
      (
        await http.post('/api/admin/login', { username: admin.username, password: admin.password }, undefined, from)
      ).json().data.challengeToken as string;
    const old = await password();
    ctx.clock.advance(5 * 60_000 + 1);
    const expired = await http.post('/api/admin/login/second-factor', {
      challengeToken: old,
      code: codeAt(secret, ctx.clock.now),
    });
    expect(expired.json().error.code).toBe('CHALLENGE_EXPIRED');
    const forged = old.replace(/^\d+/, String(admin.id + 1000));
    expect(
      (await http.post('/api/admin/login/second-factor', { challengeToken: forged, code: '000000' })).json().error.code,
    ).toBe('CHALLENGE_EXPIRED');

    const challengeToken = await password();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await http.post(
        '/api/admin/login/second-factor',
        { challengeToken, code: '000000' },
        undefined,
        from,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    // Five codes spent the challenge; the address is locked out of the password step too.
    const right = await http.post(
      '/api/admin/login/second-factor',
      { challengeToken, code: codeAt(secret, ctx.clock.now) },
      undefined,
      from,
    );
    expect(right.json().error.code).toBe('CHALLENGE_EXPIRED');
    const again = await http.post(
      '/api/admin/login',
      { username: admin.username, password: admin.password },
      undefined,
      from,
    );
    expect(again.statusCode).toBe(423);
  });

  it('the CLI reset removes the second factor, ends the sessions and is audited', async () => {
    const admin = await createAdminSession(ctx);
    await enrol(ctx, admin.token);
    const result = await resetAdminSecondFactor(ctx.database, dbCounters(ctx.database), admin.username, ctx.clock.now);
    expect(result).toEqual({ id: admin.id, username: admin.username, wasEnrolled: true });
    const http = client(ctx);
    expect((await http.get('/api/admin/me', admin.token)).statusCode).toBe(401);
    expect(await ctx.database.read.all(storedCodes, { adminId: admin.id })).toEqual([]);
    const login = await http.post('/api/admin/login', { username: admin.username, password: admin.password });
    expect(login.json().data).toMatchObject({ step: 'signed-in', setupRequired: false });
    const audit = await ctx.database.read.all(auditOf, { action: 'totp_reset', adminId: admin.id });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ enrolled: false, by: 'cli' });
    await expect(resetAdminSecondFactor(ctx.database, dbCounters(ctx.database), 'nobody', 0)).rejects.toThrow(
      'No admin named "nobody".',
    );
  });
});

describe('ADMIN_REQUIRE_2FA=true', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ adminRequire2fa: true });
  });
  afterAll(async () => ctx.close());

  it('lets an admin without a second factor reach only Security until enrolled', async () => {
    const admin = await createAdminSession(ctx);
    const http = client(ctx);
    const login = await http.post('/api/admin/login', { username: admin.username, password: admin.password });
    expect(login.json().data).toMatchObject({ step: 'signed-in', setupRequired: true });
    const token = login.json().data.token as string;
    const blocked = await http.get('/api/admin/all-users', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toEqual({
      code: 'SECOND_FACTOR_SETUP_REQUIRED',
      message: adminSecurityText.setupRequired,
    });
    expect((await http.get('/api/admin/me', token)).statusCode).toBe(200);
    expect((await http.get('/api/admin/security', token)).json().data).toMatchObject({
      required: true,
      enrolled: false,
    });
    // The socket is an admin route too: no pushes before enrolment.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const wsUrl = `${address.replace('http', 'ws')}/api/ws`;
    const refused = await connectSocket(wsUrl);
    refused.send({ type: 'auth', token });
    expect(await refused.closed).toEqual({ code: WsCloseCode.UNAUTHORIZED, reason: adminSecurityText.setupRequired });
    const enrolled = await enrol(ctx, token);
    expect((await http.get('/api/admin/all-users', token)).statusCode).toBe(401); // signed before the factor
    expect((await http.get('/api/admin/all-users', enrolled.token)).statusCode).toBe(200);
    const socket = await authedSocket(wsUrl, enrolled.token);
    expect(socket.isOpen()).toBe(true);
    socket.close();
  });
});

describe('settings', () => {
  const env = (extra: Record<string, string>) => ({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'gogo-2fa-config-')),
    JWT_SECRET: 'x'.repeat(40),
    ...extra,
  });

  it('ADMIN_REQUIRE_2FA is on by default in production only, and reads true/false', () => {
    expect(loadConfig(env({ NODE_ENV: 'production' })).adminRequire2fa).toBe(true);
    expect(loadConfig(env({ NODE_ENV: 'development' })).adminRequire2fa).toBe(false);
    expect(loadConfig(env({ NODE_ENV: 'test' })).adminRequire2fa).toBe(false);
    expect(loadConfig(env({ NODE_ENV: 'production', ADMIN_REQUIRE_2FA: 'false' })).adminRequire2fa).toBe(false);
    expect(loadConfig(env({ NODE_ENV: 'test', ADMIN_REQUIRE_2FA: 'true' })).adminRequire2fa).toBe(true);
    expect(() => loadConfig(env({ ADMIN_REQUIRE_2FA: 'yes' }))).toThrow('ADMIN_REQUIRE_2FA must be true or false');
  });

  it('reads the login throttle settings', () => {
    const limits = loadConfig(
      env({ LOGIN_LOCK_AFTER: '7', LOGIN_FAILED_PER_IP: '50', LOGIN_SOFT_DELAY_MAX_MS: '3000' }),
    ).authRateLimit;
    expect(limits).toMatchObject({ lockAfter: 7, failedPerIp: 50, softDelayMaxMs: 3000, perAccountMax: 10 });
    expect(() => loadConfig(env({ LOGIN_FAILED_PER_IP: '-1' }))).toThrow('LOGIN_FAILED_PER_IP');
  });
});
