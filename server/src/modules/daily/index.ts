/** Daily rewards and streaks. Other code imports this module only through this file. */
export { dailyRoutes } from './routes.js';
export { createDailyService, streakOf, streakRead } from './service.js';
export { diceClaimedOn } from './repo.js';
