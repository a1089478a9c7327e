// The property board: a player's own board, buying levels, and the board a roll is played on.
export { createBoardService, type BoardService, type UpgradeAnswer } from './service.js';
export { boardRoutes } from './routes.js';
export { boardRepo, type BoardRecord } from './repo.js';
