import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLinkText, recoveryErrorText } from '@gogo/shared/messages';
import { defaultAuthRateLimit } from '../src/settings/index.js';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';

// The owner always has a way in: while guesses from many addresses keep the account-wide throttle
// active, a sign-in link sent by email (single use, 15 minutes) signs the owner in from a new device.
// The answer to a link request never tells whether an account has the address.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    trustProxy: ['127.0.0.1'],
    authRateLimit: { ...defaultAuthRateLimit, perAccountMax: 3, softDelayMs: 60_000, softDelayMaxMs: 60_000 },
    mail: { smtpUrl: null, from: 'GOGO Board <no-reply@example.test>', sweepMs: 100 },
  });
});
afterAll(async () => ctx?.close());

const from = (ip: string, deviceId?: string) => ({
  'x-forwarded-for': ip,
  ...(deviceId ? { 'x-device-id': deviceId } : {}),
});
const login = (email: string, password: string, ip: string, deviceId?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: from(ip, deviceId), payload: { email, password } });
const askLink = (email: string, ip = '198.51.100.20') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login-link', headers: from(ip), payload: { email } });
const redeem = (token: string, ip = '198.51.100.20', deviceId = 'new-phone-0001') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login-link/redeem',
    headers: from(ip, deviceId),
    payload: { token },
  });

/** The token of the newest sign-in link mailed to `email` (the outbox of a server without SMTP). */
async function mailedToken(email: string, after: number, timeoutMs = 5000): Promise<string> {
  const dir = join(ctx.dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    const tokens: string[] = [];
    for (const f of files) {
      const mail = await simpleParser(readFileSync(join(dir, f)));
      const to = JSON.stringify(mail.to ?? '').toLowerCase();
      const match = /\/login-link\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
      if (match && to.includes(email.toLowerCase())) tokens.push(match[1]!);
    }
    if (tokens.length > after) return tokens.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no sign-in link for ${email} in ${dir}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sign-in link by email', () => {
  it('lets the owner in from a new device while guessing keeps the password door shut', async () => {
    const owner = await registerPlayer(ctx.app);
    const email = owner.user.email;
    // Sustained guessing from new addresses: the account-wide throttle is active.
    for (let i = 1; i <= 4; i += 1) await login(email, 'wrong-pass1', `203.0.113.${i}`);
    // Each guess takes the slot before the owner: 10 of 10 password sign-ins from a new device refused.
    const refused = [];
    for (let i = 0; i < 10; i += 1) {
      await login(email, 'wrong-pass1', `203.0.113.${10 + i}`);
      refused.push((await login(email, owner.password, '198.51.100.20', 'new-phone-0001')).statusCode);
    }
    expect(refused).toEqual(Array(10).fill(429));

    // The way in: a link by email.
    const asked = await askLink(email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, data: { requested: true }, message: loginLinkText.requested });
    const token = await mailedToken(email, 0);
    const signedIn = await redeem(token);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user.id).toBe(owner.user.id);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(signedIn.json().data.token),
    });
    expect(me.json().data.user.email).toBe(email);

    // Single use.
    const again = await redeem(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'LINK_USED', message: recoveryErrorText.LINK_USED });
    // The guessing limit still holds for the guessers (right after a guess took the slot).
    await login(email, 'wrong-pass1', '203.0.113.99');
    expect((await login(email, 'wrong-pass1', '203.0.113.100')).statusCode).toBe(429);
    // The device the link signed in is the owner's now: its password sign-in is not slowed.
    expect((await login(email, owner.password, '198.51.100.20', 'new-phone-0001')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const known = await registerPlayer(ctx.app);
    const a = await askLink(known.user.email, '198.51.100.30');
    const b = await askLink('nobody-here@example.test', '198.51.100.30');
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    await mailedToken(known.user.email, 0);
    await expect(mailedToken('nobody-here@example.test', 0, 500)).rejects.toThrow(/no sign-in link/);
  });

  it('expires after 15 minutes, and only the newest link works', async () => {
    const p = await registerPlayer(ctx.app);
    await askLink(p.user.email, '198.51.100.40');
    const first = await mailedToken(p.user.email, 0);
    await askLink(p.user.email, '198.51.100.40');
    const second = await mailedToken(p.user.email, 1);
    expect((await redeem(first)).json().error.code).toBe('LINK_EXPIRED');
    ctx.clock.advance(15 * 60_000 + 1);
    const late = await redeem(second);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('LINK_EXPIRED');
    expect((await redeem('x'.repeat(43))).json().error.code).toBe('LINK_INVALID');
  });
});
