/** Query keys of the back office. Everything starts with 'admin' so a review can refresh it all at once. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  summary: ['admin', 'summary'] as const,
  lockedUsers: ['admin', 'locked-users'] as const,
  activeUsers: (page: number) => ['admin', 'active-users', page] as const,
  topWinners: (days: number | null) => ['admin', 'top-winners', days] as const,
  pendingDeposits: ['admin', 'pending-deposits'] as const,
  pendingWithdrawals: ['admin', 'pending-withdrawals'] as const,
  allTransactions: (query: object) => ['admin', 'all-transactions', query] as const,
  users: (query: object) => ['admin', 'users', query] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  ledger: (userId: number, page: number) => ['admin', 'ledger', userId, page] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
  audit: (query: object) => ['admin', 'audit', query] as const,
};
