import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { FairnessService } from './service.js';
import { route } from '../../lib/route.js';

export async function fairnessRoutes(appBase: FastifyInstance, opts: { service: FairnessService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.fairness.fairnessStatus, {
    handler: async (request) => ({ success: true as const, data: await service.status(request.playerId) }),
  });

  route(app, endpoints.fairness.setClientSeed, {
    handler: async (request) => ({
      success: true as const,
      data: await service.setClientSeed(request.playerId, request.body.clientSeed),
    }),
  });

  route(app, endpoints.fairness.rotateSeeds, {
    handler: async (request) => ({ success: true as const, data: await service.rotate(request.playerId) }),
  });

  route(app, endpoints.fairness.fairnessRolls, {
    handler: async (request) => ({
      success: true as const,
      data: { rolls: await service.recentRolls(request.playerId, request.query.limit) },
    }),
  });
}
