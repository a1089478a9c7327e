import { sql } from 'drizzle-orm';
import { bigint, id, table, text, time, uniqueIndex } from './define.js';

/** Players. Times are epoch milliseconds. Emails are stored normalised (trimmed, lower case). */
export const users = table(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // Bumped by logout, password change and admin reset: every older token stops working.
    tokenVersion: bigint('token_version').notNull().default(0),
    failedLoginAttempts: bigint('failed_login_attempts').notNull().default(0),
    lockUntil: time('lock_until'),
    lastLogin: time('last_login'),
    // Null until the address is verified; the last password and email changes start the withdrawal
    // cooling period, and so does the last change of where payouts go (a withdrawal to an address
    // other than the linked wallet, or a linked wallet replaced or unlinked).
    emailVerifiedAt: time('email_verified_at'),
    passwordChangedAt: time('password_changed_at'),
    emailChangedAt: time('email_changed_at'),
    payoutAddressChangedAt: time('payout_address_changed_at'),
    lastSeen: time('last_seen'),
    createdAt: time('created_at').notNull(),
  },
  {
    indexes: [
      uniqueIndex('users_email_unique', ['email']),
      uniqueIndex('users_username_lower_unique', (t) => sql`lower(${t.username})`),
    ],
  },
);

/** Back-office accounts live apart from players: an admin is never a player and vice versa. */
export const admins = table(
  'admins',
  {
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenVersion: bigint('token_version').notNull().default(0),
    failedLoginAttempts: bigint('failed_login_attempts').notNull().default(0),
    lockUntil: time('lock_until'),
    // Second factor (TOTP): the secret being enrolled until its first code is confirmed, then the
    // enrolled secret and when. Null when the admin has no second factor.
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnrolledAt: time('totp_enrolled_at'),
    lastLogin: time('last_login'),
    createdAt: time('created_at').notNull(),
  },
  { indexes: [uniqueIndex('admins_username_lower_unique', (t) => sql`lower(${t.username})`)] },
);
