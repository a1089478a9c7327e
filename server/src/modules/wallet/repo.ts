import { sql, type Queryable, type Tx } from '../../db/sql.js';

const insertNonce = sql<{ nonce: string; userId: number; expiresAt: number }>(
  'INSERT INTO wallet_nonces (nonce, user_id, expires_at) VALUES (:nonce, :userId, :expiresAt)',
);
const selectNonce = sql<{ nonce: string }, { userId: number; expiresAt: number; usedAt: number | null }>(
  'SELECT user_id AS "userId", expires_at AS "expiresAt", used_at AS "usedAt" FROM wallet_nonces WHERE nonce = :nonce',
);
// Used once: of two requests carrying the same signed message, one changes the row.
const useNonce = sql<{ nonce: string; userId: number; now: number }>(
  `UPDATE wallet_nonces SET used_at = :now
   WHERE nonce = :nonce AND user_id = :userId AND used_at IS NULL AND expires_at > :now`,
);
const pruneNonces = sql<{ before: number }>('DELETE FROM wallet_nonces WHERE expires_at < :before');
const selectLink = sql<{ userId: number }, { address: string; linkedAt: number }>(
  'SELECT address, linked_at AS "linkedAt" FROM wallet_links WHERE user_id = :userId',
);
const upsertLink = sql<{ userId: number; address: string; now: number }>(
  `INSERT INTO wallet_links (user_id, address, linked_at) VALUES (:userId, :address, :now)
   ON CONFLICT (user_id) DO UPDATE SET address = excluded.address, linked_at = excluded.linked_at`,
);
const deleteLink = sql<{ userId: number }>('DELETE FROM wallet_links WHERE user_id = :userId');

export const walletRepo = {
  addNonce: (tx: Tx, nonce: string, userId: number, expiresAt: number) =>
    tx.run(insertNonce, { nonce, userId, expiresAt }),
  nonce: (q: Queryable, nonce: string) => q.get(selectNonce, { nonce }),
  async useNonce(tx: Tx, nonce: string, userId: number, now: number): Promise<boolean> {
    return (await tx.run(useNonce, { nonce, userId, now })) === 1;
  },
  pruneNonces: (tx: Tx, before: number) => tx.run(pruneNonces, { before }),
  link: (q: Queryable, userId: number) => q.get(selectLink, { userId }),
  saveLink: (tx: Tx, userId: number, address: string, now: number) => tx.run(upsertLink, { userId, address, now }),
  unlink: (tx: Tx, userId: number) => tx.run(deleteLink, { userId }),
};
