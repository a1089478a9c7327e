import { join } from 'node:path';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import { countMailSendFailure } from '../../lib/metrics.js';
import { outbox, type MailMessage } from './repo.js';
import { outboxTransport, smtpTransport, type MailTransport } from './transport.js';

/** A send that fails is tried again after 30 s, 1 min, 2 min, ... up to an hour; given up after 10 tries. */
export const MAIL_MAX_ATTEMPTS = 10;
export const MAIL_RETRY_BASE_MS = 30_000;
const MAIL_RETRY_MAX_MS = 3_600_000;
/** While one instance sends a claimed message, no other takes it; after this a stuck send is due again. */
export const MAIL_LEASE_MS = 120_000;
/** Messages one sweep takes at most (the next sweep or kick takes the rest). */
const SWEEP_BATCH = 20;

export const retryDelay = (attempts: number) =>
  Math.min(MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);

export interface MailLog {
  info(fields: object, line: string): void;
  warn(fields: object, line: string): void;
}

/**
 * Outgoing mail as a transactional outbox. `queue(tx, ...)` writes the message in the transaction that
 * causes it (a rollback leaves no mail); after COMMIT the sender is kicked, and a periodic sweep on
 * every instance picks up whatever is due: messages queued elsewhere, and failed sends after their
 * back-off. A row is claimed with a conditional UPDATE before it is sent, so several instances never
 * send the same message twice (save for one that dies between sending and recording it). A failing
 * transport never reaches the request that queued the mail.
 */
export function createMailer(deps: {
  database: Database;
  clock: Clock;
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  sweepMs: number;
  log: MailLog;
  /** Tests swap the transport; the app picks SMTP or the outbox folder from the settings. */
  transport?: MailTransport;
  /** NODE_ENV=production: the outbox logs only its files' paths, never a mail's link or address. */
  production?: boolean;
}) {
  const { database, clock, log } = deps;
  const transport =
    deps.transport ??
    (deps.smtpUrl
      ? smtpTransport(deps.smtpUrl, deps.from)
      : outboxTransport(
          join(deps.dataDir, 'outbox'),
          deps.from,
          (line, fields) => log.info(fields, line),
          !deps.production,
        ));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function sendOne(id: number): Promise<void> {
    const now = clock();
    const row = await database.write((tx) => outbox.claim(tx, id, now, now + MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS));
    if (!row) return; // another instance (or an earlier sweep) has it
    const attempts = Number(row.attempts);
    try {
      await transport.send(Number(row.id), {
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
      await database.write((tx) => outbox.markSent(tx, row.id, clock()));
    } catch (err) {
      countMailSendFailure();
      const reason = err instanceof Error ? err.message : String(err);
      const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
      const next = clock() + retryDelay(attempts);
      await database.write((tx) => outbox.markFailed(tx, row.id, next, reason));
      log.warn(
        { mailId: row.id, attempts, reason, retryAt: giveUp ? null : new Date(next).toISOString() },
        giveUp ? 'mail send failed; giving up after the last attempt' : 'mail send failed; will retry',
      );
    }
  }

  async function sweepOnce(): Promise<void> {
    const ids = await outbox.dueIds(database.read, clock(), MAIL_MAX_ATTEMPTS, SWEEP_BATCH);
    for (const id of ids) {
      if (stopped) return;
      await sendOne(id);
    }
  }

  /** Runs a sweep now; one at a time per instance (a kick during a sweep runs one more after it). */
  function sweep(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await sweepOnce().catch((err: unknown) => log.warn({ err }, 'mail sweep failed; the next one retries'));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    transportKind: transport.kind,
    /** Queues a message in `tx`; it is sent right after COMMIT (and never if the transaction rolls back). */
    async queue(tx: Tx, message: MailMessage, now: number): Promise<void> {
      await outbox.insert(tx, message, now);
      tx.afterCommit(() => {
        if (!stopped) void sweep();
      });
    },
    sweep,
    /** Messages not sent yet (still to be tried). */
    pending: () => outbox.pending(database.read, MAIL_MAX_ATTEMPTS),
    /** The queue for monitoring: messages still to be tried and when the oldest of them was queued. */
    backlog: () => outbox.backlog(database.read, MAIL_MAX_ATTEMPTS),
    start() {
      if (timer || stopped) return;
      log.info(
        { transport: transport.kind },
        transport.kind === 'smtp'
          ? 'mail goes out through SMTP_URL'
          : 'no SMTP_URL: mail is written to DATA_DIR/outbox',
      );
      timer = setInterval(() => void sweep(), deps.sweepMs);
      timer.unref();
      void sweep(); // mail left from before a restart
    },
    /** Stops the sweep and waits for a send in progress (the app's onClose). */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
