import { sql, type Queryable, type Tx } from '../../db/sql.js';
import { adminsRepo, type SecondFactorRow } from '../auth/index.js';

export type { SecondFactorRow };

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
/** The admins' second factor and their recovery codes (hashes only). */
export const secondFactorRepo = {
  // The admins' own columns through their owner (auth's admins repository).
  of: adminsRepo.secondFactorOf,
  byUsername: adminsRepo.secondFactorByUsername,
  setPending: adminsRepo.setPendingSecret,
  /** Answers 1 when the pending secret became the admin's second factor, 0 when it changed meanwhile. */
  enrol: adminsRepo.enrolSecondFactor,
  insertCode: (tx: Tx, adminId: number, codeHash: string, now: number) =>
    tx.run(insertCode, { adminId, codeHash, now }),
  /** Marks the code used; answers 1 the first time, 0 for an unknown or already used code. */
  useCode: (tx: Tx, adminId: number, codeHash: string, now: number) => tx.run(useCode, { adminId, codeHash, now }),
  unusedCount: async (q: Queryable, adminId: number) => (await q.get(unusedCount, { adminId }))?.n ?? 0,
  reset: async (tx: Tx, adminId: number) => {
    await tx.run(deleteCodes, { adminId });
    await adminsRepo.clearSecondFactor(tx, adminId);
  },
};
