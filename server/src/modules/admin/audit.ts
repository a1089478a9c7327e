import type { AuditAction } from '@gogo/shared/api';
import { sql, type Queryable, type Tx } from '../../db/sql.js';

export interface AuditInput {
  adminId: number;
  action: AuditAction;
  targetUserId?: number | null;
  targetType?: string | null;
  targetId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
}

const insertAudit = sql<{
  adminId: number;
  action: string;
  targetUserId: number | null;
  targetType: string | null;
  targetId: number | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  now: number;
}>(
  `INSERT INTO admin_audit_log (admin_id, action, target_user_id, target_type, target_id, before, after, ip, created_at)
   VALUES (:adminId, :action, :targetUserId, :targetType, :targetId, :before, :after, :ip, :now)`,
);

/**
 * Records one admin action. Call it with the `tx` of the action itself, so that the action and its
 * audit row commit (or roll back) together: there is never one without the other. Never put a
 * password or a hash into before/after.
 */
export async function writeAudit(tx: Tx, entry: AuditInput, now: number): Promise<void> {
  await tx.run(insertAudit, {
    adminId: entry.adminId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: entry.before ? JSON.stringify(entry.before) : null,
    after: entry.after ? JSON.stringify(entry.after) : null,
    ip: entry.ip ?? null,
    now,
  });
}

const loginFromAddress = sql<{ adminId: number; ip: string }, { one: number }>(
  `SELECT 1 AS one FROM admin_audit_log WHERE admin_id = :adminId AND action = 'login' AND ip = :ip LIMIT 1`,
);

/** True when the admin signed in from this address before (the audit's login rows). */
export async function signedInBefore(q: Queryable, adminId: number, ip: string): Promise<boolean> {
  return (await q.get(loginFromAddress, { adminId, ip })) !== undefined;
}
