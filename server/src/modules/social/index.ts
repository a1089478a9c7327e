/**
 * Finding people and friends: search, who is online, top players, friend requests and the graph.
 * Other code imports this module only through this file.
 */
export { friendRoutes } from './friends-routes.js';
export { createFriendsService, FRIEND_REQUEST_RETRY_MS, MAX_PENDING_OUTGOING, type FriendsService } from './friends.js';
export { friendGraph } from './graph.js';
export { socialRoutes } from './routes.js';
export {
  createSocialService,
  ONLINE_DEFAULT_LIMIT,
  SEARCH_DEFAULT_LIMIT,
  TOP_PLAYERS_DEFAULT_LIMIT,
  type SocialService,
} from './service.js';
