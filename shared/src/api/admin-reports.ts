import { Type, type Static } from 'typebox';
import { ASSETS } from '../rules/ledger.js';
import { Ok } from './envelope.js';
import { literalUnion } from './literals.js';
import { Pagination } from './admin.js';
import { DateInput, DateTime, Id, ListLimit, NullableString, Page } from './admin-fields.js';

/** The back office's records: the ledger of value movements and the audit log. */

// ── Ledger ("transactions": the raw movements of value) ──────────────────────
export const LedgerQuery = Type.Object({
  userId: Type.Optional(Id),
  asset: Type.Optional(literalUnion(ASSETS)),
  page: Type.Optional(Page),
  limit: Type.Optional(ListLimit),
});
export type LedgerQuery = Static<typeof LedgerQuery>;
export const LedgerEntryDto = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  username: NullableString,
  asset: literalUnion(ASSETS),
  amount: Type.Integer(),
  type: Type.String(),
  reason: Type.String(),
  refType: NullableString,
  refId: Type.Union([Type.Integer(), Type.Null()]),
  balanceAfter: Type.Integer(),
  createdAt: DateTime,
});
export type LedgerEntryDto = Static<typeof LedgerEntryDto>;
export const LedgerResult = Type.Object({ transactions: Type.Array(LedgerEntryDto), pagination: Pagination });
export type LedgerResult = Static<typeof LedgerResult>;
export const LedgerResponse = Ok(LedgerResult);

export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'unlock_user',
  'sync_user_balance',
  'reset_user_password',
  'test_login',
  'approve_deposit',
  'reject_deposit',
  'approve_withdrawal',
  'reject_withdrawal',
  'cleanup_corrupted_deposits',
  'fail_corrupted_deposit',
  'grant_credits',
  'totp_enrolled',
  'recovery_code_used',
  'totp_reset',
  'create_event',
  'update_event',
  'cancel_event',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditLogQuery = Type.Object({
  adminId: Type.Optional(Id),
  action: Type.Optional(Type.String({ maxLength: 60 })),
  targetUserId: Type.Optional(Id),
  from: Type.Optional(DateInput),
  to: Type.Optional(DateInput),
  page: Type.Optional(Page),
  limit: Type.Optional(ListLimit),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

const JsonRecord = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  admin: Type.Object({ id: Type.Integer(), username: Type.String() }),
  action: Type.String(),
  targetUserId: Type.Union([Type.Integer(), Type.Null()]),
  targetUsername: NullableString,
  targetType: NullableString,
  targetId: Type.Union([Type.Integer(), Type.Null()]),
  before: JsonRecord,
  after: JsonRecord,
  ip: NullableString,
  createdAt: DateTime,
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditLogResult = Type.Object({ entries: Type.Array(AuditEntry), pagination: Pagination });
export type AuditLogResult = Static<typeof AuditLogResult>;
export const AuditLogResponse = Ok(AuditLogResult);
