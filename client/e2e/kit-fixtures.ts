import type { Page, Route } from '@playwright/test';

/**
 * Fixed answers for the back office's API, so the kit's visual checks draw the same rows on every run
 * (the e2e server's real lists fill up with other tests' players). Nothing here reaches the server.
 */
export const NOW = '2026-01-15T12:00:00.000Z';
const hoursAgo = (h: number) => new Date(Date.parse(NOW) - h * 3_600_000).toISOString();

const player = (id: number, username: string, extra: Record<string, unknown> = {}) => ({
  _id: String(id),
  id,
  username,
  email: `${username}@example.com`,
  isEmailVerified: true,
  emailVerifiedAt: hoursAgo(400),
  lastLogin: hoursAgo(id * 3),
  lastSeen: hoursAgo(id),
  createdAt: hoursAgo(900 + id),
  loginAttempts: 0,
  lockUntil: null,
  isLocked: false,
  gameStateBalance: 1200 * id,
  ledgerBalance: 1200 * id,
  diceRollsRemaining: 10 + id,
  ledgerDiceRolls: 10 + id,
  totalRolls: 40 * id,
  balanceSynced: true,
  ...extra,
});

const deposit = {
  _id: '41',
  userId: { id: 7, username: 'marta', email: 'marta@example.com' },
  userMissing: false,
  type: 'deposit',
  amount: 25.5,
  currency: 'USDT',
  formattedAmount: '25.5 USDT',
  status: 'pending',
  description: 'Deposit of 25.5 USDT',
  usdValue: 25.5,
  cryptoAmount: 25.5,
  suggestedDiceRolls: 255,
  // What the server sends (approvalBound in shared/src/rules): $25.50 plus 10%, at 10 dice a dollar
  // or GOGO at the $0.10 launch price.
  approvalBound: { usdValue: 28.05, dice: 280, gogo: 280 },
  metadata: {
    cryptoType: 'USDT',
    cryptoAddress: '0xMartaWallet0000000000000000000000000001',
    transactionHash: '0x5e2e000000000000000000000000000000000000000000000000000000000041',
    reference: null,
    note: null,
    diceRollsCount: null,
    adminNote: null,
    reason: null,
  },
  reviewedBy: null,
  reviewedAt: null,
  createdAt: hoursAgo(2),
  updatedAt: hoursAgo(2),
  player: null,
};

const answers: Record<string, unknown> = {
  'GET /me': { admin: { id: 1, username: 'kit-admin', lastLogin: hoursAgo(1) } },
  'GET /security': { enrolled: false, enrolledAt: null, recoveryCodesLeft: 0, required: false },
  'GET /summary': {
    totalUsers: 1284,
    active24h: 312,
    activeUsers: 877,
    totalTx: 20431,
    pendingDeposits: 1,
    pendingWithdrawals: 0,
    lockedUsers: 1,
    totalBalance: 4_812_300,
    totalDiceRolls: 93_002,
    generatedAt: NOW,
  },
  'GET /locked-users': {
    lockedUsers: [
      { id: 9, username: 'tobias', email: 'tobias@example.com', lockUntil: hoursAgo(-1), loginAttempts: 5 },
    ],
  },
  'POST /unlock-user': { userId: 9, username: 'tobias', email: 'tobias@example.com', wasLocked: true },
  'GET /top-winners': { topWinners: [] },
  'GET /active-users': {
    activeUsers: [1, 2].map((id) => {
      const p = player(id, id === 1 ? 'amelie' : 'bruno');
      return { ...p, balance: p.gameStateBalance };
    }),
    pagination: { page: 1, pages: 1, total: 2, limit: 25 },
  },
  'GET /all-users': {
    users: [
      player(1, 'amelie'),
      player(2, 'bruno', { isLocked: true, lockUntil: hoursAgo(-1), loginAttempts: 5 }),
      player(3, 'chen', { balanceSynced: false, ledgerBalance: 3500 }),
    ],
    summary: { totalUsers: 120, activeUsers: 64, totalBalance: 144_000, averageBalance: 1200 },
    pagination: { page: 1, pages: 3, total: 120, limit: 50 },
  },
  'GET /pending-deposits': { pendingDeposits: [deposit], total: 1 },
  'GET /pending-withdrawals': { pendingWithdrawals: [], total: 0 },
  'GET /audit-log': { entries: [], pagination: { page: 1, pages: 1, total: 0, limit: 50 } },
  'POST /security/totp/setup': {
    otpauthUri: 'otpauth://totp/GOGO%20Board:kit-admin?secret=JBSWY3DPEHPK3PXP&issuer=GOGO%20Board',
    secret: 'JBSWY3DPEHPK3PXP',
  },
};

/** Answers every /api/admin call from the table above; records the paths asked for. */
export async function mockBackOffice(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/api/admin/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace(/^\/api\/admin/, '');
    asked.push(`${route.request().method()} ${path}${url.search}`);
    const data = answers[`${route.request().method()} ${path}`];
    if (data === undefined) {
      await route.fulfill({ status: 404, json: { success: false, error: { message: 'Not mocked', code: null } } });
      return;
    }
    await route.fulfill({ json: { success: true, data } });
  });
  return asked;
}

/** A back-office session in the given theme, from the first paint (localStorage before any script). */
export async function openBackOffice(page: Page, theme: 'dark' | 'light', query = '') {
  await page.clock.setFixedTime(new Date(NOW));
  await page.addInitScript((t) => {
    localStorage.setItem('gogo.adminToken', 'kit.fixture.token');
    localStorage.setItem(
      'gogo.settings',
      JSON.stringify({ display: { theme: t, animations: true, particleEffects: true } }),
    );
  }, theme);
  await page.goto(`/admin/dashboard${query}`);
}
