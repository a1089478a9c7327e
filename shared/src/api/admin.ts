import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, TransactionDto } from './credits.js';
import { literalUnion } from './literals.js';

/**
 * The back-office contract (spec section 7 "Admin", decisions.md sections 4 and 5). Every route lives
 * under /api/admin and accepts only an admin token. Response keys named by the spec (lockedUsers,
 * pendingDeposits, pendingWithdrawals, allTransactions + summary, users + summary) are kept verbatim.
 * No schema here has a password hash field, so serialisation can never emit one.
 */

/** Admin list sizes of spec section 9. */
export const ADMIN_LIST_LIMITS = [25, 50, 100, 200] as const;
export const ADMIN_DEFAULT_LIMIT = 50;
/** 'Active' user = last login within 7 days (spec section 9). */
export const ACTIVE_USER_WINDOW_DAYS = 7;
/** How long a test-login player token lives. */
export const TEST_LOGIN_TTL_MINUTES = 15;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 365;

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });
const ListLimit = Type.Integer({ enum: [...ADMIN_LIST_LIMITS], description: '25, 50, 100 or 200 (default 50)' });
const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'from 1' });
const Id = Type.Integer({ minimum: 1 });
/** A day or a moment: '2026-01-31' or '2026-01-31T12:00:00Z'. */
const DateInput = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$',
  description: 'YYYY-MM-DD (a whole UTC day) or an ISO date-time',
});

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

// ── Users ────────────────────────────────────────────────────────────────────
/**
 * The admin's view of a player (spec section 3 "User (admin view)" without passwordHash). The product
 * keeps one cached GOGO balance, so primaryBalance, userCreditBalance and gameStateBalance are the same
 * number; ledgerBalance is the sum of the ledger, and balanceSynced says whether the caches agree.
 */
export const AdminUserView = Type.Object({
  _id: Type.String(),
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  isEmailVerified: Type.Boolean({
    description: 'true once the player opened the verification link sent to the current address',
  }),
  emailVerifiedAt: NullableDate,
  lastLogin: NullableDate,
  lastSeen: NullableDate,
  createdAt: DateTime,
  primaryBalance: Type.Integer(),
  userCreditBalance: Type.Integer(),
  gameStateBalance: Type.Integer(),
  ledgerBalance: Type.Integer(),
  diceRollsRemaining: Type.Integer(),
  ledgerDiceRolls: Type.Integer(),
  balanceSynced: Type.Boolean({ description: 'cached GOGO and dice rolls equal their ledger sums' }),
  totalRolls: Type.Integer(),
  isLocked: Type.Boolean(),
  lockUntil: NullableDate,
  loginAttempts: Type.Integer(),
});
export type AdminUserView = Static<typeof AdminUserView>;

export const USER_SORT_FIELDS = ['createdAt', 'username', 'email', 'lastLogin', 'balance', 'totalRolls'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const AllUsersQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200, description: 'part of a username or an email' })),
  sortBy: Type.Optional(
    Type.Union(
      USER_SORT_FIELDS.map((f) => Type.Literal(f)),
      { default: 'createdAt' },
    ),
  ),
  sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
  page: Type.Optional(Page),
  limit: Type.Optional(ListLimit),
});
export type AllUsersQuery = Static<typeof AllUsersQuery>;

export const UserSummary = Type.Object({
  totalUsers: Type.Integer({ description: 'players matching the search' }),
  activeUsers: Type.Integer({ description: 'of those, last login within 7 days' }),
  totalBalance: Type.Integer(),
  averageBalance: Type.Number({ description: 'rounded to 2 decimals' }),
});
export type UserSummary = Static<typeof UserSummary>;

export const AllUsersResult = Type.Object({
  users: Type.Array(AdminUserView),
  summary: UserSummary,
  pagination: Pagination,
});
export type AllUsersResult = Static<typeof AllUsersResult>;
export const AllUsersResponse = Ok(AllUsersResult);

export const AdminUserIdParams = Type.Object({ userId: Id });

export const AdminGameState = Type.Object({
  position: Type.Integer(),
  totalRolls: Type.Integer(),
  totalTokensEarned: Type.Integer(),
  jackpotsHit: Type.Integer(),
  lapsCompleted: Type.Integer(),
  xp: Type.Integer(),
  level: Type.Integer(),
  unlockedAchievements: Type.Array(Type.String()),
  updatedAt: DateTime,
});
export const UserDetailResult = Type.Object({
  user: AdminUserView,
  gameState: Type.Union([AdminGameState, Type.Null()], { description: 'null until the player first plays' }),
});
export type UserDetailResult = Static<typeof UserDetailResult>;
export const UserDetailResponse = Ok(UserDetailResult);

export const LockedUser = Type.Object({
  _id: Type.String(),
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  lockUntil: DateTime,
  loginAttempts: Type.Integer(),
});
export type LockedUser = Static<typeof LockedUser>;
export const LockedUsersResponse = Ok(Type.Object({ lockedUsers: Type.Array(LockedUser) }));

export const ActiveUsersQuery = Type.Object({ page: Type.Optional(Page), limit: Type.Optional(ListLimit) });
export const ActiveUser = Type.Object({
  _id: Type.String(),
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  lastLogin: DateTime,
  lastSeen: NullableDate,
  balance: Type.Integer(),
  diceRollsRemaining: Type.Integer(),
  totalRolls: Type.Integer(),
});
export type ActiveUser = Static<typeof ActiveUser>;
export const ActiveUsersResult = Type.Object({
  activeUsers: Type.Array(ActiveUser),
  windowDays: Type.Integer(),
  pagination: Pagination,
});
export type ActiveUsersResult = Static<typeof ActiveUsersResult>;
export const ActiveUsersResponse = Ok(ActiveUsersResult);

export const TopWinnersQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 3650, description: 'only the last N days; omitted: all time' }),
  ),
});
export const TopWinner = Type.Object({
  rank: Type.Integer(),
  _id: Type.String(),
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  netWinnings: Type.Integer({
    description: 'GOGO won minus lost on the board (tiles, jackpots, achievements, bonuses)',
  }),
  totalWon: Type.Integer({ description: 'GOGO credited by play' }),
  jackpotWinnings: Type.Integer({ description: 'GOGO won on jackpot tiles' }),
  jackpotsHit: Type.Integer({ description: 'how many times the player landed on a jackpot tile' }),
  balance: Type.Integer(),
});
export type TopWinner = Static<typeof TopWinner>;
export const TopWinnersResult = Type.Object({
  topWinners: Type.Array(TopWinner),
  days: Type.Union([Type.Integer(), Type.Null()]),
});
export type TopWinnersResult = Static<typeof TopWinnersResult>;
export const TopWinnersResponse = Ok(TopWinnersResult);

// ── Ledger ("transactions": the raw movements of value) ──────────────────────
export const LedgerQuery = Type.Object({
  userId: Type.Optional(Id),
  asset: Type.Optional(Type.Union([Type.Literal('GOGO'), Type.Literal('DICE')])),
  page: Type.Optional(Page),
  limit: Type.Optional(ListLimit),
});
export type LedgerQuery = Static<typeof LedgerQuery>;
export const LedgerEntryDto = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  username: NullableString,
  asset: Type.Union([Type.Literal('GOGO'), Type.Literal('DICE')]),
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

// ── Money: queues, reviews, all transactions ──────────────────────────────────
/**
 * A row of the admin's transaction lists: the player's history row (spec section 3 "Transaction") plus
 * what the back office needs to review it. A money request whose player no longer exists has
 * userMissing true and an empty username and email.
 */
export const AdminTransaction = Type.Object({
  ...TransactionDto.properties,
  userMissing: Type.Boolean(),
  usdValue: Type.Union([Type.Number(), Type.Null()], { description: 'deposits and purchases: USD value when known' }),
  cryptoAmount: Type.Union([Type.Number(), Type.Null()], { description: 'purchases: crypto paid, as quoted' }),
  suggestedDiceRolls: Type.Union([Type.Integer(), Type.Null()], {
    description: 'pending deposits and purchases: USD value x 10 (1 USD = 10 rolls), when the USD value is known',
  }),
  diceRollsCredited: Type.Union([Type.Integer(), Type.Null()]),
  gogoCredited: Type.Union([Type.Integer(), Type.Null()]),
  reviewedBy: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  reviewedAt: NullableDate,
});
export type AdminTransaction = Static<typeof AdminTransaction>;

/** The player's holdings beside a queued request. */
export const PlayerHoldings = Type.Object({
  balance: Type.Integer({ description: 'GOGO available now (pending withdrawals already held)' }),
  diceRollsRemaining: Type.Integer(),
  ledgerBalance: Type.Integer(),
  pendingWithdrawals: Type.Integer({ description: "GOGO held by all of the player's pending withdrawals" }),
});
export type PlayerHoldings = Static<typeof PlayerHoldings>;

export const QueueQuery = Type.Object({ limit: Type.Optional(ListLimit) });

export const PendingDeposit = Type.Object({
  ...AdminTransaction.properties,
  player: Type.Union([PlayerHoldings, Type.Null()]),
});
export type PendingDeposit = Static<typeof PendingDeposit>;
export const PendingDepositsResult = Type.Object({
  pendingDeposits: Type.Array(PendingDeposit, { description: 'oldest first' }),
  total: Type.Integer(),
});
export type PendingDepositsResult = Static<typeof PendingDepositsResult>;
export const PendingDepositsResponse = Ok(PendingDepositsResult);

export const PendingWithdrawal = Type.Object({
  ...AdminTransaction.properties,
  player: Type.Union([PlayerHoldings, Type.Null()]),
  recentHistory: Type.Array(TransactionDto, { description: "the player's latest history rows (up to 5)" }),
});
export type PendingWithdrawal = Static<typeof PendingWithdrawal>;
export const PendingWithdrawalsResult = Type.Object({
  pendingWithdrawals: Type.Array(PendingWithdrawal, { description: 'oldest first' }),
  total: Type.Integer(),
});
export type PendingWithdrawalsResult = Static<typeof PendingWithdrawalsResult>;
export const PendingWithdrawalsResponse = Ok(PendingWithdrawalsResult);

const Note = Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]));
// Amounts are checked by the money service so that each failure gets the spec's own text.
const LooseNumber = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

export const ApproveDepositBody = Type.Object({
  transactionId: Id,
  gogoAmount: LooseNumber,
  diceRollsCount: LooseNumber,
  adminNote: Note,
});
export type ApproveDepositBody = Static<typeof ApproveDepositBody>;
export const RejectBody = Type.Object({ transactionId: Id, reason: Note });
export type RejectBody = Static<typeof RejectBody>;
export const ApproveWithdrawalBody = Type.Object({ transactionId: Id, adminNote: Note });
export type ApproveWithdrawalBody = Static<typeof ApproveWithdrawalBody>;

export const ReviewResult = Type.Object({
  transaction: AdminTransaction,
  player: Type.Union([PlayerHoldings, Type.Null()]),
});
export type ReviewResult = Static<typeof ReviewResult>;
export const ReviewResponse = Ok(ReviewResult);

export const CleanupResult = Type.Object({
  cleaned: Type.Integer(),
  transactionIds: Type.Array(Type.Integer()),
});
export type CleanupResult = Static<typeof CleanupResult>;
export const CleanupResponse = Ok(CleanupResult);

export const AllTransactionsQuery = Type.Object({
  startDate: Type.Optional(DateInput),
  endDate: Type.Optional(DateInput),
  type: Type.Optional(literalUnion(TRANSACTION_TYPES)),
  status: Type.Optional(literalUnion(TRANSACTION_STATUSES)),
  userId: Type.Optional(Id),
  page: Type.Optional(Page),
  limit: Type.Optional(ListLimit),
});
export type AllTransactionsQuery = Static<typeof AllTransactionsQuery>;

const Bucket = Type.Object({ count: Type.Integer(), amount: Type.Number() });
export const TransactionSummary = Type.Object({
  totalTransactions: Type.Integer({ description: 'rows matching the filters' }),
  totalAmount: Type.Number({ description: 'GOGO moved by the matching rows (absolute amounts of GOGO rows)' }),
  byType: Type.Record(Type.String(), Bucket, { description: 'count and summed amount (in its own units) per type' }),
  byCurrency: Type.Record(Type.String(), Bucket, { description: 'count and summed amount per currency' }),
});
export type TransactionSummary = Static<typeof TransactionSummary>;
export const AllTransactionsResult = Type.Object({
  allTransactions: Type.Array(AdminTransaction),
  summary: TransactionSummary,
  pagination: Pagination,
});
export type AllTransactionsResult = Static<typeof AllTransactionsResult>;
export const AllTransactionsResponse = Ok(AllTransactionsResult);

// ── Account tools ────────────────────────────────────────────────────────────
export const UnlockUserBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
export const UnlockUserResult = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  wasLocked: Type.Boolean(),
});
export type UnlockUserResult = Static<typeof UnlockUserResult>;
export const UnlockUserResponse = Ok(UnlockUserResult);

export const SyncBalanceResult = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  oldGameStateBalance: Type.Integer(),
  newGameStateBalance: Type.Integer(),
  oldDiceRolls: Type.Integer(),
  newDiceRolls: Type.Integer(),
  changed: Type.Boolean({ description: 'false when the caches already matched the ledger' }),
});
export type SyncBalanceResult = Static<typeof SyncBalanceResult>;
export const SyncBalanceResponse = Ok(SyncBalanceResult);

export const ResetPasswordBody = Type.Object({
  userId: Id,
  newPassword: Type.String({ maxLength: 1024 }),
});
export const ResetPasswordResult = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  newPassword: Type.String({ description: 'shown once, in this answer only; stored as an argon2id hash' }),
  tokensRevoked: Type.Boolean(),
});
export type ResetPasswordResult = Static<typeof ResetPasswordResult>;
export const ResetPasswordResponse = Ok(ResetPasswordResult);

export const TestLoginBody = Type.Object({ userId: Id });
export const TestLoginResult = Type.Object({
  token: Type.String({ description: `a player token that expires after ${TEST_LOGIN_TTL_MINUTES} minutes` }),
  user: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    lastLogin: NullableDate,
  }),
  expiresAt: DateTime,
});
export type TestLoginResult = Static<typeof TestLoginResult>;
export const TestLoginResponse = Ok(TestLoginResult);

// ── Audit log ────────────────────────────────────────────────────────────────
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
