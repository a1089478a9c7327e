/** Player statistics, leaderboards, achievements and the public figures. Other code imports this module only through this file. */
export { statsRoutes } from './routes.js';
export { dailyRanksOf } from './scores.js';
export { createStatsService, type StatsService } from './service.js';
