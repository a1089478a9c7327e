import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailMessage } from './repo.js';

/** Delivers one built message; throws when it was not accepted (the sender retries it later). */
export interface MailTransport {
  /** 'smtp' or 'outbox', for the start-up log. */
  readonly kind: 'smtp' | 'outbox';
  send(id: number, message: MailMessage): Promise<void>;
  close(): void;
}

/** Generous for a slow relay, short enough that a dead one does not pin a send for minutes. */
const SMTP_TIMEOUT_MS = 20_000;

/** SMTP_URL set: nodemailer over SMTP (smtps:// is TLS from the start, smtp:// upgrades with STARTTLS when offered). */
export function smtpTransport(url: string, from: string): MailTransport {
  // The URL carries host, port, TLS and credentials; the timeouts are ours (nodemailer's socket
  // timeout is 10 minutes).
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    kind: 'smtp',
    async send(_id, m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP_URL (the `npm start` default): each message is built by nodemailer exactly as it would be
 * sent and written to DATA_DIR/outbox/ as an .eml file, and its link is logged, so that a local
 * player can still verify an address or reset a password.
 */
export function outboxTransport(
  dir: string,
  from: string,
  log: (line: string, fields: object) => void,
  /** False in production: a live reset or verify link in a log is a key to an account; only the file is named. */
  logLinks = true,
): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(id, m) {
      const info = await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${id}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log(
        'mail written to the outbox (no SMTP_URL)',
        logLinks ? { to: m.to, file, link: firstLink(m.text) } : { file },
      );
    },
    close: () => transporter.close(),
  };
}

function firstLink(text: string): string | null {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? null;
}
