import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  errorResponses,
  PlaySessionResponse,
  SessionDeletedResponse,
  SessionIdParams,
  SessionListQuery,
  SessionListResponse,
  StartSessionBody,
  UpdateSessionBody,
  UserIdParams,
} from '@gogo/shared/api';
import { optionalBody } from '../../lib/optional-body.js';
import type { SessionsService } from './service.js';

export async function sessionRoutes(appBase: FastifyInstance, opts: { service: SessionsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['game-session'];
  const security = [{ playerToken: [] }];

  app.post(
    '/api/game-session/session',
    {
      preValidation: optionalBody,
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Start a play session (a visit to /game)',
        description: 'An open session of the player is ended first, at its last roll (or its start).',
        security,
        body: StartSessionBody,
        response: { 201: PlaySessionResponse, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await service.start(request.playerId, request.body) }),
  );

  app.get(
    '/api/game-session/session/:id',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'A play session with its rolls and net GOGO (own only)',
        security,
        params: SessionIdParams,
        response: { 200: PlaySessionResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(request.playerId, request.params.id) }),
  );

  app.put(
    '/api/game-session/session/:id',
    {
      preValidation: optionalBody,
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'End a play session or label its device (own only)',
        security,
        params: SessionIdParams,
        body: UpdateSessionBody,
        response: { 200: PlaySessionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(request.playerId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/game-session/session/:id',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "Delete a play session from the player's history (own only; rolls are kept)",
        security,
        params: SessionIdParams,
        response: { 200: SessionDeletedResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.remove(request.playerId, request.params.id) }),
  );

  app.get(
    '/api/game-session/sessions/user/:id',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "The player's play sessions, newest first (own only: 403 otherwise)",
        security,
        params: UserIdParams,
        querystring: SessionListQuery,
        response: { 200: SessionListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { sessions: await service.listForUser(request.playerId, request.params.id, request.query.limit) },
    }),
  );
}
