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
    lastLogin: integer('last_login'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('admins_username_lower_unique').on(sql`lower(${t.username})`)],
);
