import { endpoint } from '../endpoint.js';
import { AdminSummaryResponse } from '../admin.js';
import { AnalyticsQuery, AnalyticsResponse } from '../admin-analytics.js';
import { AuditLogQuery, AuditLogResponse, LedgerQuery, LedgerResponse } from '../admin-reports.js';
import { TopWinnersQuery, TopWinnersResponse } from '../admin-users.js';
import { TreasuryQuery, TreasuryResponse } from '../admin-treasury.js';

// The back office's records and figures: top winners, the ledger, the audit log, the summary, analytics.

export const topWinners = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/top-winners',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Players ranked by net GOGO won on the board',
  query: TopWinnersQuery,
  response: TopWinnersResponse,
});

export const ledger = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/transactions',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Ledger entries (every movement of GOGO and dice rolls), newest first',
  query: LedgerQuery,
  response: LedgerResponse,
});

export const auditLog = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/audit-log',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Every admin action: who, what, target, before, after, when',
  query: AuditLogQuery,
  response: AuditLogResponse,
});

export const summary = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/summary',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Figures for the dashboard cards',
  response: AdminSummaryResponse,
});

export const analytics = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/analytics',
  auth: 'admin',
  tags: ['admin'],
  summary: 'Per UTC day: signups, rolls, deposits approved, GOGO issued and withdrawn',
  query: AnalyticsQuery,
  response: AnalyticsResponse,
});

export const treasury = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/treasury',
  auth: 'admin',
  tags: ['admin'],
  summary: 'What the house owes in GOGO and its value, money in and out and GOGO minted and spent per UTC day',
  query: TreasuryQuery,
  response: TreasuryResponse,
});
