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
    lastLogin: bigint('last_login', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('admins_username_lower_unique').on(sql`lower(${t.username})`)],
);
