import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Players. Times are epoch milliseconds. Emails are stored normalised (trimmed, lower case). */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // Bumped by logout, password change and admin reset: every older token stops working.
    tokenVersion: integer('token_version').notNull().default(0),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockUntil: integer('lock_until'),
    lastLogin: integer('last_login'),
    // Issue 13 (accounts): null until the address is verified; the last password and email changes
    // start the withdrawal cooling period.
    emailVerifiedAt: integer('email_verified_at'),
    passwordChangedAt: integer('password_changed_at'),
    emailChangedAt: integer('email_changed_at'),
    lastSeen: integer('last_seen'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
  ],
);

/** Back-office accounts live apart from players: an admin is never a player and vice versa. */
export const admins = sqliteTable(
  'admins',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenVersion: integer('token_version').notNull().default(0),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockUntil: integer('lock_until'),
    // Second factor (TOTP): the secret being enrolled until its first code is confirmed, then the
    // enrolled secret and when. Null when the admin has no second factor.
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnrolledAt: integer('totp_enrolled_at'),
    lastLogin: integer('last_login'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('admins_username_lower_unique').on(sql`lower(${t.username})`)],
);
