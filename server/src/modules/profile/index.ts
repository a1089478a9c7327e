/**
 * The profile page: who the player is, settings, stats, activity, history, analytics, standing.
 * Other code imports this module only through this file.
 */
export { profileRoutes } from './routes.js';
export { createProfileService, type EmailStatusHooks, type ProfileService } from './service.js';
export { settingsOf } from './settings.js';
