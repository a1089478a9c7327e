/** Deposits seen on chain: derived addresses, the watcher, payouts. Other code imports this module only through this file. */
export { toBaseFromMinor, type PayoutClaim } from './payout.js';
export type { ChainReader } from './rpc.js';
export { createChainReader } from './rpc.js';
export * from './service.js';
export { chainRoutes } from './routes.js';
