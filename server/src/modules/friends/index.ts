/** Friend requests and the friendship graph. Other code imports this module only through this file. */
export { friendGraph } from './graph.js';
export { friendRoutes } from './routes.js';
export { createFriendsService } from './service.js';
