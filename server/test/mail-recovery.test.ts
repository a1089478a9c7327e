import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText, recoveryErrorText, validationText } from '@gogo/shared/messages';
import { bearer, createTestApp, newPlayer, registerPlayer, type TestContext } from './helpers.js';
import { linkToken, startInbox, type TestInbox } from './mail-helpers.js';

// Over real SMTP: registration's verification mail, verify, resend, email change,
// forgot / reset / change password.
let ctx: TestContext;
let inbox: TestInbox;
const PUBLIC_URL = 'https://gogo.example';
beforeAll(async () => {
  inbox = await startInbox();
  ctx = await createTestApp({
    publicUrl: PUBLIC_URL,
    mail: { smtpUrl: inbox.url, from: 'GOGO Board <no-reply@gogo.example>', sweepMs: 200 },
  });
});
afterAll(async () => {
  await ctx.close();
  await inbox.close();
});

const post = (url: string, payload?: object, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const profile = async (p: { user: { id: number }; token: string }) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/user/profile/${p.user.id}`, headers: bearer(p.token) })).json()
    .data;

async function registered() {
  const body = newPlayer('mail');
  const waiting = inbox.next(body.email);
  const player = await registerPlayer(ctx.app, body);
  return { ...player, mail: await waiting };
}

describe('verification mail at registration', () => {
  it('arrives over SMTP with a text and an HTML part, both linking PUBLIC_URL/verify-email', async () => {
    const p = await registered();
    expect(p.mail.subject).toBe(mailText.verify.subject);
    expect(p.mail.from?.text).toContain('no-reply@gogo.example');
    const token = linkToken(p.mail, '/verify-email');
    expect(p.mail.text).toContain(`${PUBLIC_URL}/verify-email?token=${token}`);
    expect(p.mail.html).toContain(`href="${PUBLIC_URL}/verify-email?token=${token}"`);
    expect(p.mail.text).toContain(p.user.username);
    expect((await profile(p)).account.emailVerified).toBe(false);
  });

  it('verifies the address once; the same link again is LINK_USED', async () => {
    const p = await registered();
    const token = linkToken(p.mail, '/verify-email');
    const ok = await post('/api/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ verified: true, email: p.user.email });
    expect((await profile(p)).account.emailVerified).toBe(true);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'LINK_USED', message: recoveryErrorText.LINK_USED });
  });

  it('expires after 48 hours, and an unknown or malformed token is LINK_INVALID', async () => {
    const p = await registered();
    ctx.clock.advance(48 * 3_600_000 + 1);
    const late = await post('/api/auth/verify-email', { token: linkToken(p.mail, '/verify-email') });
    expect(late.json().error.code).toBe('LINK_EXPIRED');
    expect((await profile(p)).account.emailVerified).toBe(false);
    for (const token of ['A'.repeat(43), 'short', '../../etc/passwd', '']) {
      const res = await post('/api/auth/verify-email', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'LINK_INVALID', message: recoveryErrorText.LINK_INVALID });
    }
  });

  it('resend mails a new working link, is throttled per player (429), and 409 once verified', async () => {
    const p = await registered();
    const waiting = inbox.next(p.user.email);
    const res = await post('/api/auth/resend-verification', undefined, p.token);
    expect(res.statusCode).toBe(200);
    const second = await waiting;
    const token = linkToken(second, '/verify-email');
    expect(token).not.toBe(linkToken(p.mail, '/verify-email'));
    await post('/api/auth/resend-verification', undefined, p.token);
    await post('/api/auth/resend-verification', undefined, p.token);
    const limited = await post('/api/auth/resend-verification', undefined, p.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMIT_EXCEEDED');
    // Another player is not throttled by this one's resends.
    const other = await registered();
    expect((await post('/api/auth/resend-verification', undefined, other.token)).statusCode).toBe(200);
    expect((await post('/api/auth/verify-email', { token: linkToken(other.mail, '/verify-email') })).statusCode).toBe(
      200,
    );
    const done = await post('/api/auth/resend-verification', undefined, other.token);
    expect(done.statusCode).toBe(409);
    expect(done.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await post('/api/auth/resend-verification')).statusCode).toBe(401);
  });

  it('changing the email unverifies it, mails the new address, and old links stop proving anything', async () => {
    const p = await registered();
    const oldToken = linkToken(p.mail, '/verify-email');
    const email = `moved${p.user.id}@example.com`;
    const waiting = inbox.next(email);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/profile/${p.user.id}`,
      headers: bearer(p.token),
      payload: { email, currentPassword: p.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account).toMatchObject({ email, emailVerified: false });
    const mail = await waiting;
    expect((await post('/api/auth/verify-email', { token: oldToken })).json().error.code).toBe('LINK_EXPIRED');
    expect((await post('/api/auth/verify-email', { token: linkToken(mail, '/verify-email') })).statusCode).toBe(200);
    expect((await profile(p)).account).toMatchObject({ email, emailVerified: true });
  });
});

describe('forgot and reset password', () => {
  it('answers known and unknown addresses with the same status and body; only the known one gets mail', async () => {
    const p = await registered();
    const unknown = `nobody${Date.now()}@example.com`;
    const waiting = inbox.next(p.user.email);
    const known = await post('/api/auth/forgot-password', { email: p.user.email.toUpperCase() });
    const other = await post('/api/auth/forgot-password', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(known.statusCode);
    expect(other.body).toBe(known.body);
    const mail = await waiting;
    expect(mail.subject).toBe(mailText.reset.subject);
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password?token=`);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.for(unknown)).toHaveLength(0);
    const bad = await post('/api/auth/forgot-password', { email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_EMAIL', message: validationText.emailInvalid });
  });

  it('takes the same time for known and unknown addresses (the lookup is off the response path)', async () => {
    const p = await registered();
    const timeOf = async (email: string) => {
      const start = performance.now();
      await post('/api/auth/forgot-password', { email });
      return performance.now() - start;
    };
    // Paired, back to back: the median of the pairs' differences does not drift with the machine's load.
    const gaps: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const known = await timeOf(p.user.email);
      const unknown = await timeOf(`ghost${i}x${p.user.id}@example.com`);
      gaps.push(known - unknown);
    }
    const median = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    expect(Math.abs(median)).toBeLessThan(5);
  });

  it('resets once with the spec password rules, revokes every token, and the new password signs in', async () => {
    const p = await registered();
    const waiting = inbox.next(p.user.email);
    await post('/api/auth/forgot-password', { email: p.user.email });
    const token = linkToken(await waiting, '/reset-password');
    const weak = await post('/api/auth/reset-password', { token, password: 'lettersonly' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: validationText.passwordLettersAndDigits,
    });
    const ok = await post('/api/auth/reset-password', { token, password: 'newsecret456' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ reset: true });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(p.token) });
    expect(me.statusCode).toBe(401);
    const old = await post('/api/auth/login', { email: p.user.email, password: p.password });
    expect(old.statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: p.user.email, password: 'newsecret456' });
    expect(login.statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { token, password: 'another789x' });
    expect(again.json().error.code).toBe('LINK_USED');
    // The link came to the address: that proves it too.
    expect((await profile({ user: p.user, token: login.json().data.token })).account.emailVerified).toBe(true);
  });

  it('only the latest reset link works, and a link expires after 30 minutes', async () => {
    const p = await registered();
    let waiting = inbox.next(p.user.email);
    await post('/api/auth/forgot-password', { email: p.user.email });
    const first = linkToken(await waiting, '/reset-password');
    ctx.clock.advance(1000);
    waiting = inbox.next(p.user.email);
    await post('/api/auth/forgot-password', { email: p.user.email });
    const second = linkToken(await waiting, '/reset-password');
    const stale = await post('/api/auth/reset-password', { token: first, password: 'newsecret456' });
    expect(stale.json().error.code).toBe('LINK_EXPIRED');
    ctx.clock.advance(30 * 60_000 + 1);
    const late = await post('/api/auth/reset-password', { token: second, password: 'newsecret456' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toEqual({ code: 'LINK_EXPIRED', message: recoveryErrorText.LINK_EXPIRED });
    const login = await post('/api/auth/login', { email: p.user.email, password: p.password });
    expect(login.statusCode).toBe(200);
  });
});

describe('change password', () => {
  it('needs the current password, applies the rules, revokes other sessions and hands the caller a fresh token', async () => {
    const p = await registered();
    const elsewhere = (await post('/api/auth/login', { email: p.user.email, password: p.password })).json().data.token;
    const change = (body: object, token = p.token) => post('/api/auth/change-password', body, token);
    const wrong = await change({ currentPassword: 'wrongpass1', newPassword: 'newsecret456' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('INVALID_PASSWORD');
    const weak = await change({ currentPassword: p.password, newPassword: 'short1' });
    expect(weak.json().error).toMatchObject({ code: 'WEAK_PASSWORD', message: validationText.passwordTooShort });
    const same = await change({ currentPassword: p.password, newPassword: p.password });
    expect(same.json().error.code).toBe('SAME_PASSWORD');
    const ok = await change({ currentPassword: p.password, newPassword: 'newsecret456' });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().data.token as string;
    const meWith = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect((await meWith(fresh)).statusCode).toBe(200);
    expect((await meWith(p.token)).statusCode).toBe(401);
    expect((await meWith(elsewhere)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: p.user.email, password: 'newsecret456' })).statusCode).toBe(200);
    expect((await change({ currentPassword: 'x', newPassword: 'y' }, 'not-a-token')).statusCode).toBe(401);
  });
});
