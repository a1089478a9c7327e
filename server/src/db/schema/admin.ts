import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { admins } from './accounts.js';

/**
 * The back office's audit trail (docs/decisions.md, 'Accounts, admin tokens and the audit trail'): who did
 * what to whom, the state before and after, and when. Written in the same transaction as the action it
 * records; never updated or deleted. target_user_id is not a foreign key on purpose: a row must survive (and
 * may describe) a user row that no longer exists, such as the owner of a corrupted deposit.
 */
export const adminAuditLog = sqliteTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    /** What was done: 'login', 'approve_deposit', 'reset_user_password', ... */
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    /** What the action was applied to besides the user: ('money_tx', 12), ('admin', 1), ... */
    targetType: text('target_type'),
    targetId: integer('target_id'),
    before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    ip: text('ip'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('admin_audit_time').on(t.createdAt),
    index('admin_audit_admin_time').on(t.adminId, t.createdAt),
    index('admin_audit_target_user_time').on(t.targetUserId, t.createdAt),
    index('admin_audit_action_time').on(t.action, t.createdAt),
  ],
);
