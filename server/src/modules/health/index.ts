/** Liveness and readiness routes. Other code imports this module only through this file. */
export { healthRoutes } from './routes.js';
