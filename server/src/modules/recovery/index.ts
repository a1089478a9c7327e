/** Email verification and password recovery. Other code imports this module only through this file. */
export { recoveryRoutes } from './routes.js';
export { createRecoveryService } from './service.js';
