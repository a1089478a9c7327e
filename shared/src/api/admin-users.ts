import { Type, type Static } from 'typebox';
import { BoardDto } from './board.js';
import { Ok } from './envelope.js';
import { Pagination, TEST_LOGIN_TTL_MINUTES } from './admin.js';
import { DateTime, Id, ListLimit, NullableDate, Page } from './admin-fields.js';

/** The back office's player accounts: lists, one player's view, locks and account tools. */

/**
 * The admin's view of a player, never with a password hash (docs/adr, 'Accounts, admin tokens and
 * the audit trail'). The product
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
  board: BoardDto,
  boardsCompleted: Type.Integer({ minimum: 0 }),
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
