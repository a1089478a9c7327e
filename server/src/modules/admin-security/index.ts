/** Admin sign-in with a second factor, and the admin gate. Other code imports this module only through this file. */
export { createAdminLogin } from './login.js';
export { adminSecurityRoutes } from './routes.js';
export { AdminResetError, createAdminGate, createAdminSecurityService, resetAdminSecondFactor } from './service.js';
