/** The back office: users, money queues and reviews, reports, audit. Other code imports this module only through this file. */
export { signedInBefore, writeAudit } from './audit.js';
export { createAdminMoneyService } from './money.js';
export { type AdminAccount, adminRepo } from './repo.js';
export { createAdminReports } from './reports.js';
export { adminRoutes } from './routes.js';
export { createAdminService, toAdminPublic } from './service.js';
export { type CoinPrices, createTreasury, type Treasury } from './treasury.js';
