import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { AdminService } from './service.js';
import type { AdminMoneyService } from './money.js';
import type { AdminReports } from './reports.js';
import type { Treasury } from './treasury.js';
import { route } from '../../lib/route.js';

/**
 * /api/admin: the back office. Everything here needs an admin token (401 without, 403 with a player
 * token); sign-in and the second factor live in modules/admin-security.
 */
export async function adminRoutes(
  appBase: FastifyInstance,
  opts: { service: AdminService; money: AdminMoneyService; reports: AdminReports; treasury: Treasury },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service, money, reports } = opts;
  const ok = <T>(data: T, message?: string) =>
    message === undefined ? { success: true as const, data } : { success: true as const, data, message };

  route(app, endpoints.adminUsers.adminMe, {
    handler: async (request) => ok({ admin: await service.me(request.adminId) }),
  });

  route(app, endpoints.adminUsers.adminLogout, {
    handler: async (request) => {
      await service.logout(request.adminId, request.ip);
      return ok({ loggedOut: true });
    },
  });

  route(app, endpoints.adminUsers.allUsers, {
    handler: async (request) => ok(await service.listUsers(request.query)),
  });

  route(app, endpoints.adminUsers.userDetail, {
    handler: async (request) => ok(await service.userDetail(request.params.userId)),
  });

  route(app, endpoints.adminUsers.lockedUsers, {
    handler: async () => ok(await service.lockedUsers()),
  });

  route(app, endpoints.adminUsers.activeUsers, {
    handler: async (request) => ok(await service.activeUsers(request.query)),
  });

  route(app, endpoints.adminReports.topWinners, {
    handler: async (request) => ok(await service.topWinners(request.query)),
  });

  route(app, endpoints.adminReports.ledger, {
    handler: async (request) => ok(await service.ledger(request.query)),
  });

  route(app, endpoints.adminUsers.unlockUser, {
    handler: async (request) =>
      ok(await service.unlockUser(request.adminId, request.body.email, request.ip), 'User unlocked'),
  });

  route(app, endpoints.adminUsers.syncUserBalance, {
    handler: async (request) =>
      ok(await service.syncUserBalance(request.adminId, request.params.userId, request.ip), 'Balance synced'),
  });

  route(app, endpoints.adminUsers.resetUserPassword, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.resetUserPassword(request.adminId, request.body, request.ip), 'Password reset');
    },
  });

  route(app, endpoints.adminUsers.testLogin, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.testLogin(request.adminId, request.body.userId, request.ip));
    },
  });

  route(app, endpoints.adminReports.auditLog, {
    handler: async (request) => ok(await service.auditLog(request.query)),
  });

  route(app, endpoints.adminReports.summary, {
    handler: async () => ok(await reports.summary()),
  });

  route(app, endpoints.adminReports.analytics, {
    handler: async (request) => ok(await reports.analytics(request.query)),
  });

  route(app, endpoints.adminReports.treasury, {
    handler: async (request) => ok(await opts.treasury.report(request.query)),
  });

  route(app, endpoints.adminMoney.pendingDeposits, {
    handler: async (request) => ok(await money.pendingDeposits(request.query)),
  });

  route(app, endpoints.adminMoney.pendingWithdrawals, {
    handler: async (request) => ok(await money.pendingWithdrawals(request.query)),
  });

  route(app, endpoints.adminMoney.allTransactions, {
    handler: async (request) => ok(await money.allTransactions(request.query)),
  });

  route(app, endpoints.adminMoney.approveDeposit, {
    handler: async (request) =>
      ok(await money.approveDeposit(request.adminId, request.body, request.ip), 'Deposit approved'),
  });

  route(app, endpoints.adminMoney.rejectDeposit, {
    handler: async (request) =>
      ok(await money.rejectDeposit(request.adminId, request.body, request.ip), 'Deposit rejected'),
  });

  route(app, endpoints.adminMoney.approveWithdrawal, {
    handler: async (request) =>
      ok(await money.approveWithdrawal(request.adminId, request.body, request.ip), 'Withdrawal approved'),
  });

  route(app, endpoints.adminMoney.rejectWithdrawal, {
    handler: async (request) =>
      ok(await money.rejectWithdrawal(request.adminId, request.body, request.ip), 'Withdrawal rejected'),
  });

  route(app, endpoints.adminMoney.cleanupCorruptedDeposits, {
    handler: async (request) => ok(await money.cleanupCorruptedDeposits(request.adminId, request.ip)),
  });
}
