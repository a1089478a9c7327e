import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The e2e server runs without SMTP_URL, so it writes every mail to DATA_DIR/outbox as an .eml file
 * (server/src/modules/mail/transport.ts). These helpers read the newest one sent to an address.
 */
const outboxDir = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The message's text as a mail client shows it: quoted-printable soft breaks and escapes undone. */
function decode(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function mailsTo(address: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((f) => join(outboxDir(), f))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((file) => decode(readFileSync(file, 'utf8')))
    .filter((text) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'im').test(text));
}

/**
 * Waits for the `count`-th mail to `address` and answers the link to `path` in it (the newest mail's),
 * as a path and query to open on the test server (PUBLIC_URL there is http://localhost:PORT).
 */
export async function linkFromMail(address: string, path: '/verify-email' | '/reset-password', count = 1) {
  let link = '';
  await expect
    .poll(
      () => {
        const mails = mailsTo(address).filter((m) => m.includes(`${path}?token=`));
        if (mails.length < count) return '';
        link =
          new RegExp(`https?://[^/\\s]+(${path}\\?token=[A-Za-z0-9_-]+)`).exec(mails[mails.length - 1]!)?.[1] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}
