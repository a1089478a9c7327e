import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { optionalBody } from '../../lib/optional-body.js';
import type { SessionsService } from './service.js';
import { route } from '../../lib/route.js';

export async function sessionRoutes(appBase: FastifyInstance, opts: { service: SessionsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.sessions.startSession, {
    preValidation: optionalBody,
    handler: async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await service.start(request.playerId, request.body) }),
  });

  route(app, endpoints.sessions.session, {
    handler: async (request) => ({
      success: true as const,
      data: await service.get(request.playerId, request.params.id),
    }),
  });

  route(app, endpoints.sessions.updateSession, {
    preValidation: optionalBody,
    handler: async (request) => ({
      success: true as const,
      data: await service.update(request.playerId, request.params.id, request.body),
    }),
  });

  route(app, endpoints.sessions.deleteSession, {
    handler: async (request) => ({
      success: true as const,
      data: await service.remove(request.playerId, request.params.id),
    }),
  });

  route(app, endpoints.sessions.userSessions, {
    handler: async (request) => ({
      success: true as const,
      data: { sessions: await service.listForUser(request.playerId, request.params.id, request.query.limit) },
    }),
  });
}
