import { bigint, id, index, table, text, time, uniqueIndex } from './define.js';

/**
 * One-use links sent by mail: 'verify' an address, 'reset' a password. Only a hash of the token is
 * stored (the mail holds the token). `email` is the address a verify link proves.
 */
export const emailTokens = table(
  'email_tokens',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users', 'id', 'cascade'),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
    createdAt: time('created_at').notNull(),
  },
  {
    indexes: [
      uniqueIndex('email_tokens_hash_unique', ['tokenHash']),
      index('email_tokens_user_kind', ['userId', 'kind']),
    ],
  },
);

/**
 * Outgoing mail, written in the transaction that causes it and sent after COMMIT by any instance
 * (a transactional outbox): a failed send is retried at next_attempt_at and never undoes the request.
 */
export const mailOutbox = table(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: bigint('attempts').notNull().default(0),
    nextAttemptAt: time('next_attempt_at').notNull(),
    sentAt: time('sent_at'),
    lastError: text('last_error'),
    createdAt: time('created_at').notNull(),
  },
  { indexes: [index('mail_outbox_due', ['sentAt', 'nextAttemptAt'])] },
);

/** An admin's single-use recovery codes (hashed), for when the authenticator is lost. */
export const adminRecoveryCodes = table(
  'admin_recovery_codes',
  {
    id: id(),
    adminId: bigint('admin_id').notNull().references('admins', 'id', 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: time('used_at'),
    createdAt: time('created_at').notNull(),
  },
  { indexes: [index('admin_recovery_codes_admin', ['adminId'])] },
);

/**
 * Where players sign up and sign in from (address, and the client's device id when it sends one),
 * one row per (player, kind, address, device): the withdrawal risk score links accounts that share them.
 */
export const accountAddresses = table(
  'account_addresses',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users', 'id', 'cascade'),
    /** 'signup' or 'login'. */
    kind: text('kind').notNull(),
    ip: text('ip').notNull(),
    /** '' when the client sent none (an empty string keeps the unique index simple on both engines). */
    deviceId: text('device_id').notNull().default(''),
    firstSeenAt: time('first_seen_at').notNull(),
    lastSeenAt: time('last_seen_at').notNull(),
    count: bigint('count').notNull().default(1),
  },
  {
    indexes: [
      uniqueIndex('account_addresses_unique', ['userId', 'kind', 'ip', 'deviceId']),
      index('account_addresses_ip', ['ip']),
      index('account_addresses_device', ['deviceId']),
    ],
  },
);

/**
 * Facts every instance on this database must agree on, written at start (modules/auth
 * secret-fingerprint.ts): the fingerprint of the token secret (a keyed hash, never the secret), so
 * that an instance configured with another secret refuses to start instead of splitting the site.
 */
export const clusterSettings = table('cluster_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: time('updated_at').notNull(),
});
