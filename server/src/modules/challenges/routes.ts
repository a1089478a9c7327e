import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { route } from '../../lib/route.js';
import type { ChallengesService } from './service.js';

export async function challengesRoutes(appBase: FastifyInstance, opts: { service: ChallengesService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const c = endpoints.challenges;

  route(app, c.listChallenges, {
    handler: async (request) => ({ success: true as const, data: await service.list(request.playerId) }),
  });
  route(app, c.claimChallenge, {
    handler: async (request) => ({
      success: true as const,
      data: await service.claim(request.playerId, request.params.id),
    }),
  });
  route(app, c.friendsRace, {
    handler: async (request) => ({ success: true as const, data: await service.race(request.playerId) }),
  });
}
