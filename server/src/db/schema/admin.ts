import { bigint, id, index, json, table, text, time } from './define.js';

/**
 * The back office's audit trail (docs/adr, 'Accounts, admin tokens and the audit trail'): who did
 * what to whom, the state before and after, and when. Written in the same transaction as the action it
 * records; never updated or deleted. target_user_id is not a foreign key on purpose: a row must survive (and
 * may describe) a user row that no longer exists, such as the owner of a corrupted deposit.
 */
export const adminAuditLog = table(
  'admin_audit_log',
  {
    id: id(),
    adminId: bigint('admin_id').notNull().references('admins'),
    /** What was done: 'login', 'approve_deposit', 'reset_user_password', ... */
    action: text('action').notNull(),
    targetUserId: bigint('target_user_id'),
    /** What the action was applied to besides the user: ('money_tx', 12), ('admin', 1), ... */
    targetType: text('target_type'),
    targetId: bigint('target_id'),
    before: json<Record<string, unknown> | null>('before'),
    after: json<Record<string, unknown> | null>('after'),
    ip: text('ip'),
    createdAt: time('created_at').notNull(),
  },
  {
    indexes: [
      index('admin_audit_time', ['createdAt']),
      index('admin_audit_admin_time', ['adminId', 'createdAt']),
      index('admin_audit_target_user_time', ['targetUserId', 'createdAt']),
      index('admin_audit_action_time', ['action', 'createdAt']),
    ],
  },
);
