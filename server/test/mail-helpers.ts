import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

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
