import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ActiveUsersQuery,
  AllTransactionsQuery,
  AllTransactionsResponse,
  AnalyticsQuery,
  AnalyticsResponse,
  ApproveDepositBody,
  ApproveWithdrawalBody,
  CleanupResponse,
  PendingDepositsResponse,
  PendingWithdrawalsResponse,
  QueueQuery,
  RejectBody,
  ReviewResponse,
  AdminSummaryResponse,
  ActiveUsersResponse,
  AdminLogoutResponse,
  AdminMeResponse,
  AdminUserIdParams,
  AllUsersQuery,
  AllUsersResponse,
  AuditLogQuery,
  AuditLogResponse,
  LedgerQuery,
  LedgerResponse,
  LockedUsersResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  SyncBalanceResponse,
  TestLoginBody,
  TestLoginResponse,
  TopWinnersQuery,
  TopWinnersResponse,
  UnlockUserBody,
  UnlockUserResponse,
  UserDetailResponse,
  errorResponses,
} from '@gogo/shared/api';
import type { AdminService } from './service.js';
import type { AdminMoneyService } from './money.js';
import type { AdminReports } from './reports.js';

/**
 * /api/admin: the back office. Everything here needs an admin token (401 without, 403 with a player
 * token); sign-in and the second factor live in modules/admin-security.
 */
export async function adminRoutes(
  appBase: FastifyInstance,
  opts: { service: AdminService; money: AdminMoneyService; reports: AdminReports },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service, money, reports } = opts;
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const guarded = { preHandler: app.requireAdmin };
  const ok = <T>(data: T, message?: string) =>
    message === undefined ? { success: true as const, data } : { success: true as const, data, message };

  app.get(
    '/api/admin/me',
    {
      ...guarded,
      schema: { tags, summary: 'The signed-in admin', security, response: { 200: AdminMeResponse, ...errorResponses } },
    },
    async (request) => ok({ admin: await service.me(request.adminId) }),
  );

  app.post(
    '/api/admin/logout',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Revoke all of this admin's tokens",
        security,
        response: { 200: AdminLogoutResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.logout(request.adminId, request.ip);
      return ok({ loggedOut: true });
    },
  );

  app.get(
    '/api/admin/all-users',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Players with balances: search, sort, pages, and a summary of the matches',
        security,
        querystring: AllUsersQuery,
        response: { 200: AllUsersResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.listUsers(request.query)),
  );

  app.get(
    '/api/admin/users/:userId',
    {
      ...guarded,
      schema: {
        tags,
        summary: "One player's admin view and game progress",
        security,
        params: AdminUserIdParams,
        response: { 200: UserDetailResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.userDetail(request.params.userId)),
  );

  app.get(
    '/api/admin/locked-users',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Players locked out by failed logins',
        security,
        response: { 200: LockedUsersResponse, ...errorResponses },
      },
    },
    async () => ok(await service.lockedUsers()),
  );

  app.get(
    '/api/admin/active-users',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Players whose last login is within 7 days',
        security,
        querystring: ActiveUsersQuery,
        response: { 200: ActiveUsersResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.activeUsers(request.query)),
  );

  app.get(
    '/api/admin/top-winners',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Players ranked by net GOGO won on the board',
        security,
        querystring: TopWinnersQuery,
        response: { 200: TopWinnersResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.topWinners(request.query)),
  );

  app.get(
    '/api/admin/transactions',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Ledger entries (every movement of GOGO and dice rolls), newest first',
        security,
        querystring: LedgerQuery,
        response: { 200: LedgerResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.ledger(request.query)),
  );

  app.post(
    '/api/admin/unlock-user',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Clear a player's login lockout, by email",
        security,
        body: UnlockUserBody,
        response: { 200: UnlockUserResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.unlockUser(request.adminId, request.body.email, request.ip), 'User unlocked'),
  );

  app.post(
    '/api/admin/sync-user-balance/:userId',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Set a player's cached balances to their ledger sums; reports old and new",
        security,
        params: AdminUserIdParams,
        response: { 200: SyncBalanceResponse, ...errorResponses },
      },
    },
    async (request) =>
      ok(await service.syncUserBalance(request.adminId, request.params.userId, request.ip), 'Balance synced'),
  );

  app.post(
    '/api/admin/reset-user-password',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Set a player's password (at least 6 characters) and revoke their tokens",
        security,
        body: ResetPasswordBody,
        response: { 200: ResetPasswordResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.resetUserPassword(request.adminId, request.body, request.ip), 'Password reset');
    },
  );

  app.post(
    '/api/admin/test-login',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'A 15-minute player token to reproduce an issue as that player (audited)',
        security,
        body: TestLoginBody,
        response: { 200: TestLoginResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.testLogin(request.adminId, request.body.userId, request.ip));
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Every admin action: who, what, target, before, after, when',
        security,
        querystring: AuditLogQuery,
        response: { 200: AuditLogResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.auditLog(request.query)),
  );

  app.get(
    '/api/admin/summary',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Figures for the dashboard cards',
        security,
        response: { 200: AdminSummaryResponse, ...errorResponses },
      },
    },
    async () => ok(await reports.summary()),
  );

  app.get(
    '/api/admin/analytics',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Per UTC day: signups, rolls, deposits approved, GOGO issued and withdrawn',
        security,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsResponse, ...errorResponses },
      },
    },
    async (request) => ok(await reports.analytics(request.query)),
  );

  app.get(
    '/api/admin/pending-deposits',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Deposits and dice purchases waiting for review, oldest first',
        security,
        querystring: QueueQuery,
        response: { 200: PendingDepositsResponse, ...errorResponses },
      },
    },
    async (request) => ok(await money.pendingDeposits(request.query)),
  );

  app.get(
    '/api/admin/pending-withdrawals',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Withdrawals waiting for review, oldest first, with each player's balance and recent history",
        security,
        querystring: QueueQuery,
        response: { 200: PendingWithdrawalsResponse, ...errorResponses },
      },
    },
    async (request) => ok(await money.pendingWithdrawals(request.query)),
  );

  app.get(
    '/api/admin/all-transactions',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Every money request and balance movement, filtered, with a summary',
        security,
        querystring: AllTransactionsQuery,
        response: { 200: AllTransactionsResponse, ...errorResponses },
      },
    },
    async (request) => ok(await money.allTransactions(request.query)),
  );

  const reviewSchema = <B>(summary: string, body: B) => ({
    tags,
    summary,
    security,
    body,
    response: { 200: ReviewResponse, ...errorResponses },
  });

  app.post(
    '/api/admin/approve-deposit',
    {
      ...guarded,
      schema: reviewSchema(
        'Approve a pending deposit or purchase: credit dice rolls (> 0) and optional GOGO; 409 once reviewed',
        ApproveDepositBody,
      ),
    },
    async (request) => ok(await money.approveDeposit(request.adminId, request.body, request.ip), 'Deposit approved'),
  );

  app.post(
    '/api/admin/reject-deposit',
    {
      ...guarded,
      schema: reviewSchema('Reject a pending deposit or purchase with a reason; 409 once reviewed', RejectBody),
    },
    async (request) => ok(await money.rejectDeposit(request.adminId, request.body, request.ip), 'Deposit rejected'),
  );

  app.post(
    '/api/admin/approve-withdrawal',
    {
      ...guarded,
      schema: reviewSchema(
        'Mark a pending withdrawal as paid out (completed) with the payout reference as note; 409 once reviewed',
        ApproveWithdrawalBody,
      ),
    },
    async (request) =>
      ok(await money.approveWithdrawal(request.adminId, request.body, request.ip), 'Withdrawal approved'),
  );

  app.post(
    '/api/admin/reject-withdrawal',
    {
      ...guarded,
      schema: reviewSchema(
        'Reject a pending withdrawal with a reason and refund the held GOGO; 409 once reviewed',
        RejectBody,
      ),
    },
    async (request) =>
      ok(await money.rejectWithdrawal(request.adminId, request.body, request.ip), 'Withdrawal rejected'),
  );

  app.post(
    '/api/admin/cleanup-corrupted-deposits',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Mark pending deposits whose player no longer exists as failed',
        security,
        response: { 200: CleanupResponse, ...errorResponses },
      },
    },
    async (request) => ok(await money.cleanupCorruptedDeposits(request.adminId, request.ip)),
  );
}
