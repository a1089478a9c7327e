import * as adminMoney from '@gogo/shared/api/endpoints/admin-money';
import * as adminChain from '@gogo/shared/api/endpoints/chain';
import * as adminReports from '@gogo/shared/api/endpoints/admin-reports';
import * as adminSecurity from '@gogo/shared/api/endpoints/admin-security';
import * as adminUsers from '@gogo/shared/api/endpoints/admin-users';
import { queryKeys } from '../../../lib/api/keys';

/**
 * Query keys of the back office, from the one factory (client/src/lib/api/keys.ts). Every admin
 * entry's group is 'admin', so `all` names them all: a review or an account tool refreshes the whole
 * back office, and signing out drops it.
 */
export const adminKeys = {
  all: queryKeys.group('admin'),
  me: queryKeys.of(adminUsers.adminMe),
  security: queryKeys.of(adminSecurity.adminSecurityStatus),
  summary: queryKeys.of(adminReports.summary),
  lockedUsers: queryKeys.of(adminUsers.lockedUsers),
  activeUsers: (page: number) => queryKeys.of(adminUsers.activeUsers, { query: { page, limit: 25 } }),
  topWinners: (days: number | null) =>
    queryKeys.of(adminReports.topWinners, { query: { limit: 10, days: days ?? undefined } }),
  pendingDeposits: queryKeys.of(adminMoney.pendingDeposits),
  pendingWithdrawals: queryKeys.of(adminMoney.pendingWithdrawals),
  chain: queryKeys.of(adminChain.adminChain),
  withdrawalRisk: (ids: readonly number[]) =>
    queryKeys.of(adminMoney.withdrawalRisk, { query: { ids: ids.join(',') } }),
  allTransactions: (query: object) => queryKeys.of(adminMoney.allTransactions, { query }),
  users: (query: object) => queryKeys.of(adminUsers.allUsers, { query }),
  user: (userId: number) => queryKeys.of(adminUsers.userDetail, { params: { userId } }),
  ledger: (userId: number, page: number) => queryKeys.of(adminReports.ledger, { query: { userId, page, limit: 25 } }),
  analytics: (days: number) => queryKeys.of(adminReports.analytics, { query: { days } }),
  audit: (query: object) => queryKeys.of(adminReports.auditLog, { query }),
  treasury: (days: number) => queryKeys.of(adminReports.treasury, { query: { days } }),
};
