/** Rolls, the game state and the dice balance; after-roll steps run inside the roll (after-roll.ts). Other code imports this module only through this file. */
export { gameRoutes } from './routes.js';
export type { AfterRoll, AfterRollStep } from './after-roll.js';
export { createGameService, type GameService } from './service.js';
export { rollFacts, type RollCounts } from './roll-facts.js';
