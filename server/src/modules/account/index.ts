/**
 * The account's life: deactivation, reactivation (also at sign-in), the data export, deletion.
 * Other code imports this module only through this file.
 */
export { accountRoutes } from './routes.js';
export {
  createAccountService,
  deletedEmail,
  deletedUsername,
  EXPORT_INTERVAL_MS,
  type AccountService,
} from './service.js';
