import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { SocialService } from './service.js';
import { ok, route } from '../../lib/route.js';

/** Finding people: search, who is online, top players, one player's presence. */
export async function socialRoutes(appBase: FastifyInstance, opts: { service: SocialService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
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
