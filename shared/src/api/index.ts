export * from './envelope.js';
export * from './auth.js';
export * from './health.js';
export * from './game.js';
export * from './site.js';
