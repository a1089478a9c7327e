export * from './envelope.js';
export * from './auth.js';
export * from './health.js';
export * from './game.js';
export * from './credits.js';
export * from './referrals.js';
export * from './prices.js';
export * from './admin.js';
