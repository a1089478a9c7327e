import { ConfigError, urlFrom } from './base.js';

/** Mail: where mail goes (SMTP or the outbox folder), its sender, the retry sweep. */
export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://...; null writes every message to DATA_DIR/outbox/. */
  smtpUrl: string | null;
  /** The From header, e.g. "GOGO Board <no-reply@gogo.example>". */
  from: string;
  /** How often each instance looks for mail that is due (new, or a failed send to retry). */
  sweepMs: number;
}

export const DEFAULT_MAIL_FROM = 'GOGO Board <no-reply@gogoboard.app>';
export const DEFAULT_MAIL_SWEEP_MS = 15_000;

/** SMTP_URL: smtp:// or smtps:// with a host; anything else is refused. */
export function parseSmtpUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = raw.trim();
  const url = urlFrom(value, 'SMTP_URL must be a URL like smtp://user:password@mail.example:587 or smtps://...');
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new ConfigError(
      'SMTP_URL must start with smtp:// or smtps:// and name a host; unset it to write mail to DATA_DIR/outbox',
    );
  }
  return value;
}

/** MAIL_FROM: an address, or a display name with the address in angle brackets. */
export function parseMailFrom(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return DEFAULT_MAIL_FROM;
  const value = raw.trim();
  const address = /<([^<>]+)>$/.exec(value)?.[1] ?? value;
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address) || /[\r\n]/.test(value)) {
    throw new ConfigError(
      `MAIL_FROM must be an address like no-reply@gogo.example or "GOGO Board <no-reply@gogo.example>"`,
    );
  }
  return value;
}
