import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';

/**
 * Every query about player accounts, over the connection or transaction it is given (admins:
 * admins-repo.ts).
 * Other modules reach accounts through these functions (admin sign-in, the profile's identity
 * checks), never through SQL of their own on these rows' credentials.
 */
export type UserRow = Pick<
  Row<'users'>,
  | 'id'
  | 'username'
  | 'email'
  | 'passwordHash'
  | 'tokenVersion'
  | 'failedLoginAttempts'
  | 'lockUntil'
  | 'lastLogin'
  | 'lastSeen'
  | 'createdAt'
>;

const USER = `id, username, email, password_hash AS "passwordHash", token_version AS "tokenVersion",
  failed_login_attempts AS "failedLoginAttempts", lock_until AS "lockUntil", last_login AS "lastLogin",
  last_seen AS "lastSeen", created_at AS "createdAt"`;
const userById = sql<{ id: number }, UserRow>(`SELECT ${USER} FROM users WHERE id = :id`);
const usernameOf = sql<{ id: number }, { username: string }>('SELECT username FROM users WHERE id = :id');
/** The address and whether it is verified (email verification and recovery). */
export type EmailStatusRow = Pick<Row<'users'>, 'id' | 'username' | 'email' | 'emailVerifiedAt'>;
const emailStatus = sql<{ id: number }, EmailStatusRow>(
  `SELECT id, username, email, email_verified_at AS "emailVerifiedAt" FROM users WHERE id = :id`,
);
const emailStatusByEmail = sql<{ email: string }, EmailStatusRow>(
  `SELECT id, username, email, email_verified_at AS "emailVerifiedAt" FROM users WHERE email = :email`,
);
const lockUser = sql<{ id: number }, UserRow>(`SELECT ${USER} FROM users WHERE id = :id {forUpdate}`);
const userByEmail = sql<{ email: string }, UserRow>(`SELECT ${USER} FROM users WHERE email = :email`);
const userByUsername = sql<{ username: string }, UserRow>(
  `SELECT ${USER} FROM users WHERE lower(username) = lower(:username)`,
);
const lastSeenOf = sql<{ id: number }, { lastSeen: number | null }>(
  'SELECT last_seen AS "lastSeen" FROM users WHERE id = :id',
);
const userTokenVersion = sql<{ id: number }, { tokenVersion: number }>(
  'SELECT token_version AS "tokenVersion" FROM users WHERE id = :id',
);
const insertUser = sql<{ username: string; email: string; passwordHash: string; now: number }, UserRow>(
  `INSERT INTO users (username, email, password_hash, created_at, last_login, last_seen)
   VALUES (:username, :email, :passwordHash, :now, :now, :now) RETURNING ${USER}`,
);
// For the back office only (auth/lockout.ts): the latest end of an address's lock, the account's failures.
const markUserLocked = sql<{ id: number; lockUntil: number; failed: number }>(
  `UPDATE users SET failed_login_attempts = :failed, lock_until = {greatest}(coalesce(lock_until, 0), :lockUntil)
   WHERE id = :id`,
);
const recordUserLogin = sql<{ id: number; now: number }, UserRow>(
  `UPDATE users SET failed_login_attempts = 0, lock_until = NULL, last_login = :now, last_seen = :now
   WHERE id = :id RETURNING ${USER}`,
);
const bumpUserTokenVersion = sql<{ id: number }>('UPDATE users SET token_version = token_version + 1 WHERE id = :id');
// Conditional: however many instances see the player, last_seen is written at most once a minute.
const touchLastSeen = sql<{ id: number; now: number; before: number }>(
  'UPDATE users SET last_seen = :now WHERE id = :id AND (last_seen IS NULL OR last_seen <= :before)',
);
const setIdentity = sql<{ id: number; username: string; email: string }>(
  'UPDATE users SET username = :username, email = :email WHERE id = :id',
);
const anonymise = sql<{ id: number; username: string; email: string; passwordHash: string }>(
  `UPDATE users SET username = :username, email = :email, password_hash = :passwordHash,
     token_version = token_version + 1, failed_login_attempts = 0, lock_until = NULL, last_login = NULL,
     last_seen = NULL
   WHERE id = :id`,
);
const unlockUser = sql<{ id: number }>('UPDATE users SET failed_login_attempts = 0, lock_until = NULL WHERE id = :id');
const markEmailVerified = sql<{ id: number; email: string; now: number }>(
  'UPDATE users SET email_verified_at = :now WHERE id = :id AND email = :email AND email_verified_at IS NULL',
);
const emailChanged = sql<{ id: number; now: number }>(
  'UPDATE users SET email_verified_at = NULL, email_changed_at = :now WHERE id = :id',
);
/** last_seen is written at most once a minute per player: "online" needs minutes, not milliseconds. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export const accounts = {
  userById: (q: Queryable, id: number) => q.get(userById, { id }),
  emailStatus: (q: Queryable, id: number) => q.get(emailStatus, { id }),
  emailStatusByEmail: (q: Queryable, email: string) => q.get(emailStatusByEmail, { email }),
  /** The player's name (undefined for no such player). */
  usernameOf: async (q: Queryable, id: number) => (await q.get(usernameOf, { id }))?.username,
  /** The row, locked until the transaction ends (read-check-write of the lock state). */
  lockUser: (tx: Tx, id: number) => tx.get(lockUser, { id }),
  userByEmail: (q: Queryable, email: string) => q.get(userByEmail, { email }),
  /** Case-insensitive, like the unique index on lower(username). */
  userByUsername: (q: Queryable, username: string) => q.get(userByUsername, { username }),
  lastSeen: async (q: Queryable, id: number) => (await q.get(lastSeenOf, { id }))?.lastSeen ?? null,
  userTokenVersion: async (q: Queryable, id: number) => (await q.get(userTokenVersion, { id }))?.tokenVersion,
  insertUser: async (tx: Tx, row: { username: string; email: string; passwordHash: string }, now: number) => {
    const user = await tx.get(insertUser, { ...row, now });
    if (!user) throw new Error('INSERT INTO users returned no row');
    return user;
  },
  /** An address was locked out of the player's account until `lockUntil` (shown in the back office). */
  markLocked: (tx: Tx, id: number, s: { lockedUntil: number; accountFailures: number }) =>
    tx.run(markUserLocked, { id, lockUntil: s.lockedUntil, failed: s.accountFailures }),
  /** A successful sign-in: the failure count and lock clear; answers the updated row. */
  recordUserLogin: (tx: Tx, id: number, now: number) => tx.get(recordUserLogin, { id, now }),
  /** Revokes every token of the player. */
  bumpUserTokenVersion: (tx: Tx, id: number) => tx.run(bumpUserTokenVersion, { id }),
  /** Moves last_seen on when it is LAST_SEEN_RESOLUTION_MS old or more; answers the rows changed (0 or 1). */
  touchLastSeen: (tx: Tx, id: number, now: number) =>
    tx.run(touchLastSeen, { id, now, before: now - LAST_SEEN_RESOLUTION_MS }),
  /** A new username and/or email (the unique indexes refuse a taken one). */
  setIdentity: (tx: Tx, id: number, identity: { username: string; email: string }) =>
    tx.run(setIdentity, { id, ...identity }),
  /** The back office lifts a lockout: the failure count and lock clear. */
  unlock: (tx: Tx, id: number) => tx.run(unlockUser, { id }),
  /** A link reached the mailbox of `email`: verified, if the account still has that address. */
  markEmailVerified: (tx: Tx, id: number, email: string, now: number) => tx.run(markEmailVerified, { id, email, now }),
  /** The address changed: unverified again, and the change starts the withdrawal cooldown. */
  emailChanged: (tx: Tx, id: number, now: number) => tx.run(emailChanged, { id, now }),
  /** Deletion: the row keeps its id for the records and loses everything personal; its tokens stop. */
  anonymise: (tx: Tx, id: number, identity: { username: string; email: string; passwordHash: string }) =>
    tx.run(anonymise, { id, ...identity }),
};
