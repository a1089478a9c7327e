import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';

/**
 * The one repository of the `admins` table: sign-in, lockout, sessions' token version, the second
 * factor's columns and the account's creation. Other modules (the back office, admin sign-in and its
 * second factor) reach admin rows only through these functions.
 */

/** An admin account as sign-in and the audit need it (never the hash outside sign-in). */
export interface AdminAccount {
  id: number;
  username: string;
  passwordHash: string;
  tokenVersion: number;
  failedLoginAttempts: number;
  lockUntil: number | null;
  lastLogin: number | null;
}

export type SecondFactorRow = Pick<
  Row<'admins'>,
  'id' | 'username' | 'totpSecret' | 'totpPendingSecret' | 'totpEnrolledAt'
>;

const ACCOUNT = `id, username, password_hash AS "passwordHash", token_version AS "tokenVersion",
  failed_login_attempts AS "failedLoginAttempts", lock_until AS "lockUntil", last_login AS "lastLogin"`;
const SECOND_FACTOR = `id, username, totp_secret AS "totpSecret", totp_pending_secret AS "totpPendingSecret",
  totp_enrolled_at AS "totpEnrolledAt"`;

const byId = sql<{ id: number }, AdminAccount>(`SELECT ${ACCOUNT} FROM admins WHERE id = :id`);
const lockById = sql<{ id: number }, AdminAccount>(`SELECT ${ACCOUNT} FROM admins WHERE id = :id {forUpdate}`);
const byUsername = sql<{ username: string }, AdminAccount>(
  `SELECT ${ACCOUNT} FROM admins WHERE lower(username) = lower(:username)`,
);
const count = sql<Record<string, never>, { n: number }>('SELECT count(*) AS n FROM admins');
const insert = sql<{ username: string; passwordHash: string; now: number }, { id: number; username: string }>(
  `INSERT INTO admins (username, password_hash, created_at) VALUES (:username, :passwordHash, :now)
   RETURNING id, username`,
);
const tokenVersion = sql<{ id: number }, { tokenVersion: number }>(
  'SELECT token_version AS "tokenVersion" FROM admins WHERE id = :id',
);
const setLock = sql<{ id: number; failed: number; lockUntil: number | null }>(
  'UPDATE admins SET failed_login_attempts = :failed, lock_until = :lockUntil WHERE id = :id',
);
const loggedIn = sql<{ id: number; now: number }>(
  'UPDATE admins SET failed_login_attempts = 0, lock_until = NULL, last_login = :now WHERE id = :id',
);
const bumpTokenVersion = sql<{ id: number }>('UPDATE admins SET token_version = token_version + 1 WHERE id = :id');

const secondFactorOf = sql<{ id: number }, SecondFactorRow>(`SELECT ${SECOND_FACTOR} FROM admins WHERE id = :id`);
const secondFactorByName = sql<{ username: string }, SecondFactorRow>(
  `SELECT ${SECOND_FACTOR} FROM admins WHERE lower(username) = lower(:username)`,
);
// Only while not enrolled: a started setup never replaces a working second factor.
const setPending = sql<{ id: number; secret: string }>(
  'UPDATE admins SET totp_pending_secret = :secret WHERE id = :id AND totp_secret IS NULL',
);
const enrol = sql<{ id: number; secret: string; now: number }>(
  `UPDATE admins SET totp_secret = :secret, totp_pending_secret = NULL, totp_enrolled_at = :now
   WHERE id = :id AND totp_secret IS NULL AND totp_pending_secret = :secret`,
);
// A reset also signs the admin out everywhere: whoever held the lost authenticator loses the sessions too.
const clearSecondFactor = sql<{ id: number }>(
  `UPDATE admins SET totp_secret = NULL, totp_pending_secret = NULL, totp_enrolled_at = NULL,
     token_version = token_version + 1 WHERE id = :id`,
);

export const adminsRepo = {
  byId: (q: Queryable, id: number) => q.get(byId, { id }),
  /** The admin's row, locked for the rest of the transaction (a failed sign-in counts from it). */
  lock: (tx: Tx, id: number) => tx.get(lockById, { id }),
  /** Case-insensitive, like the unique index on lower(username). */
  byUsername: (q: Queryable, username: string) => q.get(byUsername, { username }),
  count: async (q: Queryable) => Number((await q.get(count, {}))?.n ?? 0),
  insert: async (tx: Tx, row: { username: string; passwordHash: string }, now: number) => {
    const admin = await tx.get(insert, { ...row, now });
    if (!admin) throw new Error('INSERT INTO admins returned no row');
    return admin;
  },
  tokenVersion: async (q: Queryable, id: number) => (await q.get(tokenVersion, { id }))?.tokenVersion,
  setLock: (tx: Tx, id: number, state: { failedLoginAttempts: number; lockUntil: number | null }) =>
    tx.run(setLock, { id, failed: state.failedLoginAttempts, lockUntil: state.lockUntil }),
  /** A successful sign-in: the failure count and lock clear. */
  recordLogin: (tx: Tx, id: number, now: number) => tx.run(loggedIn, { id, now }),
  /** Revokes every token of the admin. */
  bumpTokenVersion: (tx: Tx, id: number) => tx.run(bumpTokenVersion, { id }),

  secondFactorOf: (q: Queryable, id: number) => q.get(secondFactorOf, { id }),
  secondFactorByUsername: (q: Queryable, username: string) => q.get(secondFactorByName, { username }),
  setPendingSecret: (tx: Tx, id: number, secret: string) => tx.run(setPending, { id, secret }),
  /** Answers 1 when the pending secret became the admin's second factor, 0 when it changed meanwhile. */
  enrolSecondFactor: (tx: Tx, id: number, secret: string, now: number) => tx.run(enrol, { id, secret, now }),
  /** Clears the second factor and revokes the admin's tokens. */
  clearSecondFactor: (tx: Tx, id: number) => tx.run(clearSecondFactor, { id }),
};
