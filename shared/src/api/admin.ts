import { Type, type Static } from 'typebox';
import { DateTime, NullableDate } from './admin-fields.js';
import { Ok } from './envelope.js';

/**
 * The back-office contract: shared constants, sign-in and the summary here; users, money and reports
 * in admin-users.ts, admin-money.ts and admin-reports.ts.
 *
 * The back-office contract (CHANGELOG.md: the admin back office and money). Every route lives
 * under /api/admin and accepts only an admin token. The original response keys (lockedUsers,
 * pendingDeposits, pendingWithdrawals, allTransactions + summary, users + summary) are kept verbatim.
 * No schema here has a password hash field, so serialisation can never emit one.
 */

export { ADMIN_DEFAULT_LIMIT, ADMIN_LIST_LIMITS } from './admin-fields.js';
/** 'Active' user = last login within 7 days. */
export const ACTIVE_USER_WINDOW_DAYS = 7;
/** How long a test-login player token lives. */
export const TEST_LOGIN_TTL_MINUTES = 15;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 365;

export const Pagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer({ description: 'rows matching the filters' }),
  pages: Type.Integer(),
});
export type Pagination = Static<typeof Pagination>;

export const AdminErrorCode = {
  ADMIN_NOT_FOUND: 'ADMIN_NOT_FOUND',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  INVALID_DATE_RANGE: 'INVALID_DATE_RANGE',
} as const;

// ── Auth ─────────────────────────────────────────────────────────────────────
export const AdminLoginBody = Type.Object({
  username: Type.String({ maxLength: 100 }),
  password: Type.String({ maxLength: 1024 }),
});
export type AdminLoginBody = Static<typeof AdminLoginBody>;

export const AdminPublic = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  lastLogin: NullableDate,
});
export type AdminPublic = Static<typeof AdminPublic>;

export const AdminLoginResult = Type.Object({
  token: Type.String(),
  admin: AdminPublic,
  expiresAt: DateTime,
});
export type AdminLoginResult = Static<typeof AdminLoginResult>;
export const AdminLoginResponse = Ok(AdminLoginResult);
export const AdminMeResponse = Ok(Type.Object({ admin: AdminPublic }));
export const AdminLogoutResponse = Ok(Type.Object({ loggedOut: Type.Boolean() }));

// ── Summary ──────────────────────────────────────────────────────────────────
export const AdminSummary = Type.Object({
  totalUsers: Type.Integer(),
  active24h: Type.Integer({ description: 'players seen (any signed-in request) in the last 24 hours' }),
  activeUsers: Type.Integer({ description: 'players whose last login is within 7 days' }),
  totalTx: Type.Integer({ description: 'every row All Transactions lists: money requests and ledger movements' }),
  pendingDeposits: Type.Integer({ description: 'pending deposits and dice purchases' }),
  pendingWithdrawals: Type.Integer(),
  lockedUsers: Type.Integer(),
  totalBalance: Type.Integer({ description: 'GOGO held by all players (cached balances)' }),
  totalDiceRolls: Type.Integer({ description: 'dice rolls held by all players' }),
  generatedAt: DateTime,
});
export type AdminSummary = Static<typeof AdminSummary>;
export const AdminSummaryResponse = Ok(AdminSummary);
