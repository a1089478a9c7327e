/**
 * Profile pictures: the checked upload, the files on disk, removal.
 * Other code imports this module only through this file.
 */
export { avatarMultipart, avatarsRoutes } from './routes.js';
export { createAvatarService, type AvatarService } from './service.js';
export { createAvatarStore, type AvatarStore } from './store.js';
