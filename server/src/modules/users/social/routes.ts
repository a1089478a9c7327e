import { endpoints } from '@gogo/shared/api/endpoints';
import type { UserRouteContext } from '../route-context.js';
import { route } from '../../../lib/route.js';

/** Finding people: search, who is online, top players, one player's presence. */
export function socialRoutes({ app, service, ok }: UserRouteContext) {
  route(app, endpoints.userSocial.searchUsers, {
    handler: async (request) => ok(await service.search(request.playerId, request.query.query, request.query.limit)),
  });

  route(app, endpoints.userSocial.onlineUsers, {
    handler: async (request) => ok(await service.online(request.playerId, request.query.limit)),
  });

  route(app, endpoints.userSocial.topPlayers, {
    handler: async (request) => ok(await service.topPlayers(request.playerId, request.query.limit)),
  });

  route(app, endpoints.userSocial.onlineStatus, {
    handler: async (request) => ok(await service.onlineStatus(request.playerId, request.params.id)),
  });

  route(app, endpoints.userSocial.lastSeen, {
    handler: async (request) => ok(await service.lastSeen(request.playerId, request.params.id)),
  });
}
