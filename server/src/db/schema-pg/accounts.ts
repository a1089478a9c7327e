import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL twin of db/schema/accounts.ts: same tables, columns and indexes (the schema parity test
 * checks it). Ids are BIGINT identities; times (epoch ms) and counters are BIGINT read as numbers.
 */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenVersion: bigint('token_version', { mode: 'number' }).notNull().default(0),
    failedLoginAttempts: bigint('failed_login_attempts', { mode: 'number' }).notNull().default(0),
    lockUntil: bigint('lock_until', { mode: 'number' }),
    lastLogin: bigint('last_login', { mode: 'number' }),
    // Issue 13 (accounts): null until the address is verified; the last password and email changes
    // start the withdrawal cooling period.
    emailVerifiedAt: bigint('email_verified_at', { mode: 'number' }),
    passwordChangedAt: bigint('password_changed_at', { mode: 'number' }),
    emailChangedAt: bigint('email_changed_at', { mode: 'number' }),
    lastSeen: bigint('last_seen', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenVersion: bigint('token_version', { mode: 'number' }).notNull().default(0),
    failedLoginAttempts: bigint('failed_login_attempts', { mode: 'number' }).notNull().default(0),
    lockUntil: bigint('lock_until', { mode: 'number' }),
    // Second factor (TOTP): the secret being enrolled until its first code is confirmed, then the
    // enrolled secret and when. Null when the admin has no second factor.
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnrolledAt: bigint('totp_enrolled_at', { mode: 'number' }),
    lastLogin: bigint('last_login', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('admins_username_lower_unique').on(sql`lower(${t.username})`)],
);
