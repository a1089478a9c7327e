/** Risk scores of players for the back office. Other code imports this module only through this file. */
export { riskRoutes } from './routes.js';
