import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';

export type SecondFactorRow = Pick<
  Row<'admins'>,
  'id' | 'username' | 'totpSecret' | 'totpPendingSecret' | 'totpEnrolledAt'
>;

const secondFactorOf = sql<{ id: number }, SecondFactorRow>(
  `SELECT id, username, totp_secret AS "totpSecret", totp_pending_secret AS "totpPendingSecret",
     totp_enrolled_at AS "totpEnrolledAt" FROM admins WHERE id = :id`,
);
const adminByName = sql<{ username: string }, SecondFactorRow>(
  `SELECT id, username, totp_secret AS "totpSecret", totp_pending_secret AS "totpPendingSecret",
     totp_enrolled_at AS "totpEnrolledAt" FROM admins WHERE lower(username) = lower(:username)`,
);
// Only while not enrolled: a started setup never replaces a working second factor.
const setPending = sql<{ id: number; secret: string }>(
  'UPDATE admins SET totp_pending_secret = :secret WHERE id = :id AND totp_secret IS NULL',
);
const enrol = sql<{ id: number; secret: string; now: number }>(
  `UPDATE admins SET totp_secret = :secret, totp_pending_secret = NULL, totp_enrolled_at = :now
   WHERE id = :id AND totp_secret IS NULL AND totp_pending_secret = :secret`,
);
const insertCode = sql<{ adminId: number; codeHash: string; now: number }>(
  'INSERT INTO admin_recovery_codes (admin_id, code_hash, created_at) VALUES (:adminId, :codeHash, :now)',
);
const useCode = sql<{ adminId: number; codeHash: string; now: number }>(
  `UPDATE admin_recovery_codes SET used_at = :now
   WHERE admin_id = :adminId AND code_hash = :codeHash AND used_at IS NULL`,
);
const unusedCount = sql<{ adminId: number }, { n: number }>(
  'SELECT count(*) AS n FROM admin_recovery_codes WHERE admin_id = :adminId AND used_at IS NULL',
);
const deleteCodes = sql<{ adminId: number }>('DELETE FROM admin_recovery_codes WHERE admin_id = :adminId');
// A reset also signs the admin out everywhere: whoever held the lost authenticator loses the sessions too.
const clearSecondFactor = sql<{ id: number }>(
  `UPDATE admins SET totp_secret = NULL, totp_pending_secret = NULL, totp_enrolled_at = NULL,
     token_version = token_version + 1 WHERE id = :id`,
);

/** The admins' second-factor columns and their recovery codes (hashes only). */
export const secondFactorRepo = {
  of: (q: Queryable, adminId: number) => q.get(secondFactorOf, { id: adminId }),
  byUsername: (q: Queryable, username: string) => q.get(adminByName, { username }),
  setPending: (tx: Tx, adminId: number, secret: string) => tx.run(setPending, { id: adminId, secret }),
  /** Answers 1 when the pending secret became the admin's second factor, 0 when it changed meanwhile. */
  enrol: (tx: Tx, adminId: number, secret: string, now: number) => tx.run(enrol, { id: adminId, secret, now }),
  insertCode: (tx: Tx, adminId: number, codeHash: string, now: number) =>
    tx.run(insertCode, { adminId, codeHash, now }),
  /** Marks the code used; answers 1 the first time, 0 for an unknown or already used code. */
  useCode: (tx: Tx, adminId: number, codeHash: string, now: number) => tx.run(useCode, { adminId, codeHash, now }),
  unusedCount: async (q: Queryable, adminId: number) => (await q.get(unusedCount, { adminId }))?.n ?? 0,
  reset: async (tx: Tx, adminId: number) => {
    await tx.run(deleteCodes, { adminId });
    await tx.run(clearSecondFactor, { id: adminId });
  },
};
