// The face of the settings: every setting the server reads from the environment, with its default.
// Each topic has a file of its own; loadConfig (load.ts) reads them all at start.

export type { AppConfig } from './app.js';
export * from './auth.js';
export { ConfigError, intFrom, switchFrom } from './base.js';
export * from './chain.js';
export * from './dice.js';
export * from './events.js';
export { loadConfig } from './load.js';
export * from './load-shedding.js';
export * from './mail.js';
export * from './network.js';
export * from './prices.js';
export * from './production.js';
export * from './push.js';
export * from './site.js';
export * from './withdraw.js';
export * from './treasury.js';
