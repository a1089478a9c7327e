import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';

/** One message waiting in mail_outbox (db/schema/security.ts). */
export type OutboxRow = Pick<Row<'mailOutbox'>, 'id' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attempts'>;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const ROW = `id, to_address AS "toAddress", subject, text_body AS "textBody", html_body AS "htmlBody", attempts`;

const insertMail = sql<{ to: string; subject: string; text: string; html: string; now: number }>(
  `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, attempts, next_attempt_at, created_at)
   VALUES (:to, :subject, :text, :html, 0, :now, :now)`,
);
const dueIds = sql<{ now: number; maxAttempts: number; limit: number }, { id: number }>(
  `SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= :now AND attempts < :maxAttempts
   ORDER BY next_attempt_at, id LIMIT :limit`,
);
// The claim: whichever instance moves next_attempt_at first owns the send until the lease ends (an
// instance that dies mid-send leaves the row due again after the lease, so it is retried, not lost).
const claim = sql<{ id: number; now: number; leaseUntil: number; maxAttempts: number }, OutboxRow>(
  `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = :leaseUntil
   WHERE id = :id AND sent_at IS NULL AND next_attempt_at <= :now AND attempts < :maxAttempts
   RETURNING ${ROW}`,
);
const markSent = sql<{ id: number; now: number }>(
  'UPDATE mail_outbox SET sent_at = :now, last_error = NULL WHERE id = :id',
);
const markFailed = sql<{ id: number; nextAttemptAt: number; error: string }>(
  'UPDATE mail_outbox SET next_attempt_at = :nextAttemptAt, last_error = :error WHERE id = :id AND sent_at IS NULL',
);
const countPending = sql<{ maxAttempts: number }, { n: number }>(
  'SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND attempts < :maxAttempts',
);
const backlog = sql<{ maxAttempts: number }, { n: number; oldest: number | null }>(
  'SELECT count(*) AS n, min(created_at) AS oldest FROM mail_outbox WHERE sent_at IS NULL AND attempts < :maxAttempts',
);

export const outbox = {
  /** Queues a message in the caller's transaction: it exists only if that transaction commits. */
  insert: (tx: Tx, m: MailMessage, now: number) =>
    tx.run(insertMail, { to: m.to, subject: m.subject, text: m.text, html: m.html, now }),
  dueIds: async (q: Queryable, now: number, maxAttempts: number, limit: number) =>
    (await q.all(dueIds, { now, maxAttempts, limit })).map((r) => Number(r.id)),
  /** The row when this caller won it, else undefined (another instance has it, or it was sent). */
  claim: (tx: Tx, id: number, now: number, leaseUntil: number, maxAttempts: number) =>
    tx.get(claim, { id, now, leaseUntil, maxAttempts }),
  markSent: (tx: Tx, id: number, now: number) => tx.run(markSent, { id, now }),
  markFailed: (tx: Tx, id: number, nextAttemptAt: number, error: string) =>
    tx.run(markFailed, { id, nextAttemptAt, error: error.slice(0, 500) }),
  pending: async (q: Queryable, maxAttempts: number) => Number((await q.get(countPending, { maxAttempts }))?.n ?? 0),
  backlog: async (q: Queryable, maxAttempts: number) => {
    const row = await q.get(backlog, { maxAttempts });
    return { depth: Number(row?.n ?? 0), oldestAt: row?.oldest == null ? null : Number(row.oldest) };
  },
};
