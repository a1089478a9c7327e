import { sql, type Tx } from '../../db/sql.js';

// The one statement that writes a player's password: the hash, the time of the change (which starts
// the withdrawal cooldown), a cleared lockout, and every token revoked (the version moves on).
const writePassword = sql<{ id: number; passwordHash: string; now: number }, { tokenVersion: number }>(
  `UPDATE users SET password_hash = :passwordHash, password_changed_at = :now, token_version = token_version + 1,
     failed_login_attempts = 0, lock_until = NULL
   WHERE id = :id RETURNING token_version AS "tokenVersion"`,
);

/**
 * Sets a player's new password (already hashed) in the caller's transaction: the admin's reset, the
 * player's change and the emailed recovery all come here, so each one revokes the player's sessions
 * and starts the cooling period before a withdrawal. Answers the new token version (undefined when
 * the player does not exist).
 */
export async function setPassword(
  tx: Tx,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<number | undefined> {
  const row = await tx.get(writePassword, { id: userId, passwordHash, now });
  return row ? Number(row.tokenVersion) : undefined;
}
