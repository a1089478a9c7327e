// PostgreSQL twin of db/schema/security.ts (the schema parity test checks them).
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins, users } from './accounts.js';

/**
 * One-use links sent by mail (issue 13): 'verify' an address, 'reset' a password. Only a hash of the
 * token is stored (the mail holds the token). `email` is the address a verify link proves.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_unique').on(t.tokenHash),
    index('email_tokens_user_kind').on(t.userId, t.kind),
  ],
);

/**
 * Outgoing mail, written in the transaction that causes it and sent after COMMIT by any instance
 * (a transactional outbox): a failed send is retried at next_attempt_at and never undoes the request.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    sentAt: bigint('sent_at', { mode: 'number' }),
    lastError: text('last_error'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('mail_outbox_due').on(t.sentAt, t.nextAttemptAt)],
);

/** An admin's single-use recovery codes (hashed), for when the authenticator is lost. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: bigint('used_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('admin_recovery_codes_admin').on(t.adminId)],
);

/**
 * Where players sign up and sign in from (address, and the client's device id when it sends one),
 * one row per (player, kind, address, device): the withdrawal risk score links accounts that share them.
 */
export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'signup' or 'login'. */
    kind: text('kind').notNull(),
    ip: text('ip').notNull(),
    /** '' when the client sent none (an empty string keeps the unique index simple on both engines). */
    deviceId: text('device_id').notNull().default(''),
    firstSeenAt: bigint('first_seen_at', { mode: 'number' }).notNull(),
    lastSeenAt: bigint('last_seen_at', { mode: 'number' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(1),
  },
  (t) => [
    uniqueIndex('account_addresses_unique').on(t.userId, t.kind, t.ip, t.deviceId),
    index('account_addresses_ip').on(t.ip),
    index('account_addresses_device').on(t.deviceId),
  ],
);
