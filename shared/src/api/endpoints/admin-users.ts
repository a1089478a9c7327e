import { endpoint } from '../endpoint.js';
import { AdminLogoutResponse, AdminMeResponse } from '../admin.js';
import {
  ActiveUsersQuery,
  ActiveUsersResponse,
  AdminUserIdParams,
  AllUsersQuery,
  AllUsersResponse,
  LockedUsersResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  SyncBalanceResponse,
  TestLoginBody,
  TestLoginResponse,
  UnlockUserBody,
  UnlockUserResponse,
  UserDetailResponse,
} from '../admin-users.js';

// The back office's players: the signed-in admin, player lists and details, locks and account tools.

export const adminMe = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/me',
  auth: 'admin',
  tags: ['admin'],
  summary: 'The signed-in admin',
  response: AdminMeResponse,
});

export const adminLogout = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/logout',
  auth: 'admin',
  tags: ['admin'],
  summary: "Revoke all of this admin's tokens",
  response: AdminLogoutResponse,
});

export const allUsers = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/all-users',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Players with balances: search, sort, pages, and a summary of the matches',
  query: AllUsersQuery,
  response: AllUsersResponse,
});

export const userDetail = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/users/:userId',
  auth: 'admin',
  tags: ['admin'],
  summary: "One player's admin view and game progress",
  params: AdminUserIdParams,
  response: UserDetailResponse,
});

export const lockedUsers = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/locked-users',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Players locked out by failed logins',
  response: LockedUsersResponse,
});

export const activeUsers = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/active-users',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Players whose last login is within 7 days',
  query: ActiveUsersQuery,
  response: ActiveUsersResponse,
});

export const unlockUser = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/unlock-user',
  auth: 'admin',
  tags: ['admin'],
  summary: "Clear a player's login lockout, by email",
  body: UnlockUserBody,
  response: UnlockUserResponse,
});

export const syncUserBalance = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/sync-user-balance/:userId',
  auth: 'admin',
  tags: ['admin'],
  summary: "Set a player's cached balances to their ledger sums; reports old and new",
  params: AdminUserIdParams,
  response: SyncBalanceResponse,
});

export const resetUserPassword = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/reset-user-password',
  auth: 'admin',
  tags: ['admin'],
  summary: "Set a player's password (at least 6 characters) and revoke their tokens",
  body: ResetPasswordBody,
  response: ResetPasswordResponse,
});

export const testLogin = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/test-login',
  auth: 'admin',
  tags: ['admin'],
  summary: 'A 15-minute player token to reproduce an issue as that player (audited)',
  body: TestLoginBody,
  response: TestLoginResponse,
});
