import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  errorResponses,
  FriendListResponse,
  FriendRemovedResponse,
  FriendRequestBody,
  FriendRequestResponse,
  FriendRequestsResponse,
  RespondBody,
  RespondResponse,
  UserIdParams,
} from '@gogo/shared/api';
import type { FriendsService } from './service.js';

/** The friend routes of spec section 7 "User". */
export async function friendRoutes(appBase: FastifyInstance, opts: { service: FriendsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['friends'];
  const security = [{ playerToken: [] }];
  const guarded = { preHandler: app.requirePlayer };

  app.get(
    '/api/user/friends/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A player's friends (privacy applies)",
        description:
          'The player sees every active friend; another player (allowed by the profile visibility) sees the ' +
          'friends whose profiles they could open. Presence follows each friend\u2019s own privacy.',
        security,
        params: UserIdParams,
        response: { 200: FriendListResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(request.playerId, request.params.id) }),
  );

  app.post(
    '/api/user/friend-request',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Send a friend request',
        description:
          '201 with the pending request. If the other player had already asked, their request is accepted ' +
          'instead (200, becameFriends=true). 400 CANNOT_FRIEND_SELF; 404 unknown or inactive player; 409 ' +
          'ALREADY_FRIENDS or FRIEND_REQUEST_EXISTS; 403 FRIEND_REQUESTS_CLOSED (private profile); 429 ' +
          'FRIEND_REQUEST_COOLDOWN (declined less than 24 h ago) or FRIEND_REQUEST_LIMIT (50 pending).',
        security,
        body: FriendRequestBody,
        response: { 200: FriendRequestResponse, 201: FriendRequestResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { result, created } = await service.send(request.playerId, request.body.toUserId);
      return reply.status(created ? 201 : 200).send({ success: true as const, data: result });
    },
  );

  app.get(
    '/api/user/friend-requests/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Own pending friend requests, incoming and outgoing',
        description: 'Only the player (403 otherwise). Requests of deactivated players wait unseen.',
        security,
        params: UserIdParams,
        response: { 200: FriendRequestsResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.requests(request.playerId, request.params.id) }),
  );

  app.post(
    '/api/user/friend-request/:id/respond',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Accept or decline a received request (or cancel a sent one)',
        description:
          ':id is the request id. accept and decline: only the recipient; cancel: only the sender (403 ' +
          'otherwise); 404 for a request of other players; 409 FRIEND_REQUEST_NOT_PENDING once answered.',
        security,
        params: UserIdParams,
        body: RespondBody,
        response: { 200: RespondResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.respond(request.playerId, request.params.id, request.body.response),
    }),
  );

  app.delete(
    '/api/user/friend/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove a friend (for both players)',
        description: ':id is the friend\u2019s user id; 404 NOT_FRIENDS when they are not a friend.',
        security,
        params: UserIdParams,
        response: { 200: FriendRemovedResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.remove(request.playerId, request.params.id) }),
  );
}
