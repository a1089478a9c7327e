export * from './accounts.js';
export * from './game.js';
export * from './engine.js';
