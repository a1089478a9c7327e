export { createWalletService, NONCE_TTL_MS, type WalletService } from './service.js';
export { walletRoutes } from './routes.js';
