/** Play sessions. Other code imports this module only through this file. */
export { sessionRoutes } from './routes.js';
export { createSessionsService, type SessionsService, toPlaySession } from './service.js';
export { forgetSessionDevices } from './repo.js';
