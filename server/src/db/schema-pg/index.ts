// The PostgreSQL schema (drizzle-kit generates server/drizzle-pg from it). Mirror of db/schema.
export * from './accounts.js';
export * from './game.js';
export * from './engine.js';
export * from './money.js';
export * from './admin.js';
export * from './social.js';
export * from './throttle.js';
export * from './security.js';
export * from './board.js';
