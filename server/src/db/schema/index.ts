export * from './accounts.js';
export * from './game.js';
