import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { FriendsService } from './friends.js';
import { route } from '../../lib/route.js';

/** The friend routes of the /api/user contract. */
export async function friendRoutes(appBase: FastifyInstance, opts: { service: FriendsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.friends.friendList, {
    handler: async (request) => ({
      success: true as const,
      data: await service.list(request.playerId, request.params.id),
    }),
  });

  route(app, endpoints.friends.sendFriendRequest, {
    handler: async (request, reply) => {
      const { result, created } = await service.send(request.playerId, request.body.toUserId);
      return reply.status(created ? 201 : 200).send({ success: true as const, data: result });
    },
  });

  route(app, endpoints.friends.friendRequests, {
    handler: async (request) => ({
      success: true as const,
      data: await service.requests(request.playerId, request.params.id),
    }),
  });

  route(app, endpoints.friends.respondFriendRequest, {
    handler: async (request) => ({
      success: true as const,
      data: await service.respond(request.playerId, request.params.id, request.body.response),
    }),
  });

  route(app, endpoints.friends.removeFriend, {
    handler: async (request) => ({
      success: true as const,
      data: await service.remove(request.playerId, request.params.id),
    }),
  });
}
