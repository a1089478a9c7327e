import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql.js';
import { parseMailFrom, parseSmtpUrl } from '../src/settings/index.js';
import { MAIL_RETRY_BASE_MS, createMailer } from '../src/modules/mail/service.js';
import type { MailTransport } from '../src/modules/mail/transport.js';
import { createTestApp, newPlayer, registerPlayer } from './helpers.js';
import { linkToken, startInbox, verifyFromOutbox } from './mail-helpers.js';

const outboxRow = sql<{ to: string }, { attempts: number; lastError: string | null; sentAt: number | null }>(
  'SELECT attempts, last_error AS "lastError", sent_at AS "sentAt" FROM mail_outbox WHERE to_address = :to',
);

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('mail without SMTP_URL', () => {
  it('writes each message to DATA_DIR/outbox as an .eml whose link verifies the address', async () => {
    const ctx = await createTestApp({ publicUrl: 'http://localhost:4321' });
    try {
      const body = newPlayer('outbox');
      await registerPlayer(ctx.app, body);
      const dir = join(ctx.dataDir, 'outbox');
      await waitFor(() => {
        try {
          return readdirSync(dir).some((f) => f.endsWith('.eml'));
        } catch {
          return false;
        }
      });
      const [file] = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      const mail = await simpleParser(readFileSync(join(dir, file!)));
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(body.email);
      expect(mail.html).toContain('http://localhost:4321/verify-email?token=');
      expect(linkToken(mail, '/verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The helper other tests use to verify their players takes the same link.
      await verifyFromOutbox(ctx, body.email);
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: linkToken(mail, '/verify-email') },
      });
      expect(again.json().error.code).toBe('LINK_USED');
    } finally {
      await ctx.close();
    }
  });
});

describe('mail retries', () => {
  it('a failed send never fails the request, and is retried after its back-off once SMTP is up', async () => {
    // A port that nothing listens on: take one, then free it.
    const probe = await startInbox();
    const port = probe.port;
    await probe.close();
    const ctx = await createTestApp({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@gogo.example', sweepMs: 100 },
    });
    try {
      const body = newPlayer('retry');
      const player = await registerPlayer(ctx.app, body); // 201 although SMTP is down
      expect(player.token).toBeTruthy();
      // The first attempt fails (connection refused) and is scheduled MAIL_RETRY_BASE_MS later.
      const row = () => ctx.database.read.get(outboxRow, { to: body.email });
      await waitFor(async () => Number((await row())?.attempts) === 1 && (await row())?.lastError != null);
      expect((await row())?.sentAt).toBeNull();
      const inbox = await startInbox(port);
      try {
        await new Promise((r) => setTimeout(r, 400));
        expect(inbox.for(body.email)).toHaveLength(0); // not due yet: the back-off holds
        ctx.clock.advance(MAIL_RETRY_BASE_MS + 1);
        const mail = await inbox.next(body.email, 5000);
        expect(linkToken(mail, '/verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
        await new Promise((r) => setTimeout(r, 400));
        expect(inbox.for(body.email)).toHaveLength(1); // sent once, not again
        expect(await row()).toMatchObject({ attempts: 2, lastError: null, sentAt: ctx.clock.now });
      } finally {
        await inbox.close();
      }
    } finally {
      await ctx.close();
    }
  });
});

const outboxRows = sql<{ prefix: string }, { id: number; attempts: number; sentAt: number | null }>(
  'SELECT id, attempts, sent_at AS "sentAt" FROM mail_outbox WHERE to_address LIKE :prefix',
);

describe('several instances', () => {
  it('two senders on one database send each message exactly once (a row is claimed before it is sent)', async () => {
    const ctx = await createTestApp();
    const sent: number[] = [];
    const transport = (): MailTransport => ({
      kind: 'smtp',
      send: async (id) => {
        await new Promise((r) => setTimeout(r, 5)); // a send takes a while: the other sender runs meanwhile
        sent.push(id);
      },
      close: () => undefined,
    });
    const quiet = { info: () => undefined, warn: () => undefined };
    const common = { database: ctx.database, clock: ctx.clock, smtpUrl: null, from: 'x@y.z', dataDir: ctx.dataDir };
    const a = createMailer({ ...common, sweepMs: 60_000, log: quiet, transport: transport() });
    const b = createMailer({ ...common, sweepMs: 60_000, log: quiet, transport: transport() });
    try {
      await ctx.database.write(async (tx) => {
        for (let i = 0; i < 30; i += 1) {
          await a.queue(tx, { to: `p${i}@example.com`, subject: 's', text: 't', html: '<p>t</p>' }, ctx.clock());
        }
      });
      await Promise.all([a.sweep(), b.sweep(), a.sweep(), b.sweep()]);
      await waitFor(async () => (await a.pending()) === 0);
      // The test app's own mailer sweeps the same outbox on its timer and may take some of them: what
      // counts is that every message was claimed once and sent, and that no sender sent one twice.
      const rows = await ctx.database.read.all(outboxRows, { prefix: 'p%@example.com' });
      expect(rows).toHaveLength(30);
      expect(rows.filter((row) => row.attempts === 1 && row.sentAt !== null)).toHaveLength(30);
      expect(new Set(sent).size).toBe(sent.length);
      expect(sent.length).toBeGreaterThan(0);
    } finally {
      await a.stop();
      await b.stop();
      await ctx.close();
    }
  });
});

describe('mail settings', () => {
  it('accepts smtp:// and smtps:// URLs and refuses anything else; MAIL_FROM must hold an address', () => {
    expect(parseSmtpUrl(undefined)).toBeNull();
    expect(parseSmtpUrl('smtps://u:p@mail.example:465')).toBe('smtps://u:p@mail.example:465');
    for (const bad of ['http://mail.example', 'mail.example:25', 'smtp://']) {
      expect(() => parseSmtpUrl(bad)).toThrow(/SMTP_URL/);
    }
    expect(parseMailFrom('GOGO <no-reply@gogo.example>')).toBe('GOGO <no-reply@gogo.example>');
    expect(() => parseMailFrom('nobody')).toThrow(/MAIL_FROM/);
  });
});
