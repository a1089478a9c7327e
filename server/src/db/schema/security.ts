import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { admins, users } from './accounts.js';

/**
 * One-use links sent by mail (issue 13): 'verify' an address, 'reset' a password. Only a hash of the
 * token is stored (the mail holds the token). `email` is the address a verify link proves.
 */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
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
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    sentAt: integer('sent_at'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('mail_outbox_due').on(t.sentAt, t.nextAttemptAt)],
);

/** An admin's single-use recovery codes (hashed), for when the authenticator is lost. */
export const adminRecoveryCodes = sqliteTable(
  'admin_recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('admin_recovery_codes_admin').on(t.adminId)],
);

/**
 * Where players sign up and sign in from (address, and the client's device id when it sends one),
 * one row per (player, kind, address, device): the withdrawal risk score links accounts that share them.
 */
export const accountAddresses = sqliteTable(
  'account_addresses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'signup' or 'login'. */
    kind: text('kind').notNull(),
    ip: text('ip').notNull(),
    /** '' when the client sent none (an empty string keeps the unique index simple on both engines). */
    deviceId: text('device_id').notNull().default(''),
    firstSeenAt: integer('first_seen_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    uniqueIndex('account_addresses_unique').on(t.userId, t.kind, t.ip, t.deviceId),
    index('account_addresses_ip').on(t.ip),
    index('account_addresses_device').on(t.deviceId),
  ],
);
