import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';

/** The mailed links' kinds in email_tokens (db/schema/security.ts). */
export type EmailTokenKind = 'verify' | 'reset' | 'login';

export type EmailTokenRow = Pick<Row<'emailTokens'>, 'id' | 'userId' | 'email' | 'expiresAt' | 'usedAt'> & {
  kind: EmailTokenKind;
};

const insertToken = sql<{
  userId: number;
  kind: string;
  tokenHash: string;
  email: string;
  expiresAt: number;
  now: number;
}>(
  `INSERT INTO email_tokens (user_id, kind, token_hash, email, expires_at, created_at)
   VALUES (:userId, :kind, :tokenHash, :email, :expiresAt, :now)`,
);
// A newer link of the same kind ends the older ones at once ("only the latest valid").
const expireOlder = sql<{ userId: number; kind: string; now: number }>(
  `UPDATE email_tokens SET expires_at = :now
   WHERE user_id = :userId AND kind = :kind AND used_at IS NULL AND expires_at > :now`,
);
const tokenByHash = sql<{ tokenHash: string; kind: string }, EmailTokenRow>(
  `SELECT id, user_id AS "userId", kind, email, expires_at AS "expiresAt", used_at AS "usedAt"
   FROM email_tokens WHERE token_hash = :tokenHash AND kind = :kind`,
);
// Single use under races: only one request sees the row change.
const useToken = sql<{ id: number; now: number }>(
  'UPDATE email_tokens SET used_at = :now WHERE id = :id AND used_at IS NULL AND expires_at > :now',
);
export const recoveryRepo = {
  insertToken: (
    tx: Tx,
    t: { userId: number; kind: EmailTokenKind; tokenHash: string; email: string; expiresAt: number },
    now: number,
  ) => tx.run(insertToken, { ...t, now }),
  expireOlder: (tx: Tx, userId: number, kind: EmailTokenKind, now: number) =>
    tx.run(expireOlder, { userId, kind, now }),
  tokenByHash: (q: Queryable, tokenHash: string, kind: EmailTokenKind) => q.get(tokenByHash, { tokenHash, kind }),
  /** 1 when this call used the token, 0 when it was used or expired meanwhile. */
  useToken: (tx: Tx, id: number, now: number) => tx.run(useToken, { id, now }),
  /** Only while the account still has the address the link was sent to. */
};
