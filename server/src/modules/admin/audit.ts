import type { AuditAction } from '@gogo/shared/api';
import type { Db } from '../../db/client.js';
import { adminAuditLog } from '../../db/schema/index.js';

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

/**
 * Records one admin action. Call it inside the database.legacyWrite() of the action itself, so that the
 * action and its audit row commit (or roll back) together: there is never one without the other.
 * Never put a password or a hash into before/after.
 */
export function writeAudit(db: Db, entry: AuditInput, now: number): void {
  db.insert(adminAuditLog)
    .values({
      adminId: entry.adminId,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ip: entry.ip ?? null,
      createdAt: now,
    })
    .run();
}
