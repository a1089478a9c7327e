/** Profiles, settings, privacy, social discovery, avatars and the account's life. Other code imports this module only through this file. */
export { createAccess, type Access, type FriendGraph } from './access.js';
export { createAvatarStore } from './avatar-store.js';
export { userRoutes } from './routes.js';
export { createUsersService, type UsersService } from './service.js';
