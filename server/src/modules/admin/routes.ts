import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ActiveUsersQuery,
  ActiveUsersResponse,
  AdminLoginBody,
  AdminLoginResponse,
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

/**
 * /api/admin: the back office. Login is public (rate limited per IP like the players' auth routes);
 * everything else needs an admin token (401 without, 403 with a player token).
 */
export async function adminRoutes(
  appBase: FastifyInstance,
  opts: { service: AdminService; perIpMax: number; windowMs: number },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const guarded = { preHandler: app.requireAdmin };
  const ok = <T>(data: T, message?: string) =>
    message === undefined ? { success: true as const, data } : { success: true as const, data, message };

  app.post(
    '/api/admin/login',
    {
      config: { rateLimit: { max: opts.perIpMax, timeWindow: opts.windowMs } },
      schema: {
        tags,
        summary: 'Admin sign-in with username and password (8-hour admin token)',
        body: AdminLoginBody,
        response: { 200: AdminLoginResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.login(request.body, request.ip), 'Login successful'),
  );

  app.get(
    '/api/admin/me',
    {
      ...guarded,
      schema: { tags, summary: 'The signed-in admin', security, response: { 200: AdminMeResponse, ...errorResponses } },
    },
    async (request) => ok({ admin: service.me(request.adminId) }),
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
      service.logout(request.adminId, request.ip);
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
    async (request) => ok(service.listUsers(request.query)),
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
    async (request) => ok(service.userDetail(request.params.userId)),
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
    async () => ok(service.lockedUsers()),
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
    async (request) => ok(service.activeUsers(request.query)),
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
    async (request) => ok(service.topWinners(request.query)),
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
    async (request) => ok(service.ledger(request.query)),
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
    async (request) => ok(service.unlockUser(request.adminId, request.body.email, request.ip), 'User unlocked'),
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
      ok(service.syncUserBalance(request.adminId, request.params.userId, request.ip), 'Balance synced'),
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
      return ok(service.testLogin(request.adminId, request.body.userId, request.ip));
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
    async (request) => ok(service.auditLog(request.query)),
  );
}
