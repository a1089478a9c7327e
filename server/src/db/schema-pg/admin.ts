import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './accounts.js';

/** PostgreSQL twin of db/schema/admin.ts. JSON stays TEXT, as on SQLite. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    action: text('action').notNull(),
    targetUserId: bigint('target_user_id', { mode: 'number' }),
    targetType: text('target_type'),
    targetId: bigint('target_id', { mode: 'number' }),
    before: text('before'),
    after: text('after'),
    ip: text('ip'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('admin_audit_time').on(t.createdAt),
    index('admin_audit_admin_time').on(t.adminId, t.createdAt),
    index('admin_audit_target_user_time').on(t.targetUserId, t.createdAt),
    index('admin_audit_action_time').on(t.action, t.createdAt),
  ],
);
