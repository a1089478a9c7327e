import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A real SMTP server on a loopback port (smtp-server), parsing what it receives with mailparser:
 * the mail tests read exactly what a player's mailbox would get.
 */
export interface TestInbox {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** Waits for the next message to `to` (or fails after `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  /** Messages received for `to`. */
  for(to: string): ParsedMail[];
  close(): Promise<void>;
}

const addressesOf = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));

export async function startInbox(port = 0): Promise<TestInbox> {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'], // loopback test server: plain SMTP
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  const forTo = (to: string) => messages.filter((m) => addressesOf(m).includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    for: forTo,
    async next(to, timeoutMs = 5000) {
      const seen = forTo(to).length;
      const deadline = Date.now() + timeoutMs;
      while (forTo(to).length === seen) {
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return forTo(to)[seen]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first `${publicUrl}${path}?token=...` link in a message's text part. */
export function linkToken(mail: ParsedMail, path: '/verify-email' | '/reset-password'): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1]!;
}

/**
 * Verifies a player's address through the real flow on a test app without SMTP_URL: waits for the
 * verification mail in DATA_DIR/outbox, takes its link and posts it to /api/auth/verify-email. For
 * tests whose players must be verified (withdrawals).
 */
export async function verifyFromOutbox(
  ctx: { app: { inject: (o: object) => Promise<{ statusCode: number; body: string }> }; dataDir: string },
  email: string,
  timeoutMs = 5000,
): Promise<void> {
  const dir = join(ctx.dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
    const mine = mails.filter(
      (m) => addressesOf(m).includes(email.toLowerCase()) && /\/verify-email\?token=/.test(m.text ?? ''),
    );
    const newest = mine.sort((a, b) => (b.date?.getTime() ?? 0) - (a.date?.getTime() ?? 0))[0];
    if (newest) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: linkToken(newest, '/verify-email') },
      });
      if (res.statusCode !== 200) throw new Error(`verify-email failed: ${res.statusCode} ${res.body}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail for ${email} in ${dir}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
