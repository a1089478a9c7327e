import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ClientSeedBody,
  errorResponses,
  FairnessRollsQuery,
  FairnessRollsResponse,
  FairnessStatusResponse,
  RotateResponse,
} from '@gogo/shared/api';
import type { FairnessService } from './service.js';

export async function fairnessRoutes(appBase: FastifyInstance, opts: { service: FairnessService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['fairness'];
  const security = [{ playerToken: [] }];

  app.get(
    '/api/fairness',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'The active seed commitment: server seed hash, client seed, next nonce',
        security,
        response: { 200: FairnessStatusResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.status(request.playerId) }),
  );

  app.put(
    '/api/fairness/client-seed',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Choose the client seed (1 to 64 printable ASCII characters)',
        description: 'Applies to the next rolls; the server seed and the nonce continue. 400 INVALID_CLIENT_SEED.',
        security,
        body: ClientSeedBody,
        response: { 200: FairnessStatusResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.setClientSeed(request.playerId, request.body.clientSeed),
    }),
  );

  app.post(
    '/api/fairness/rotate',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Reveal the server seed and start a new one (nonce 0)',
        security,
        response: { 200: RotateResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.rotate(request.playerId) }),
  );

  app.get(
    '/api/fairness/rolls',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Recent rolls with what verifies them (the server seed once revealed)',
        security,
        querystring: FairnessRollsQuery,
        response: { 200: FairnessRollsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { rolls: await service.recentRolls(request.playerId, request.query.limit) },
    }),
  );
}
