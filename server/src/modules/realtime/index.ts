/** The realtime socket (/api/ws) and the realtime routes: what others commit, pushed to sockets. Other code imports this module only through this file. */
export { realtimeRoutes } from './routes.js';
export { createRealtimeService } from './service.js';
export { realtimeSocketRoutes, type RealtimeTuning } from './socket/routes.js';
