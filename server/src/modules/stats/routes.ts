import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { StatsService } from './service.js';
import { route } from '../../lib/route.js';

export async function statsRoutes(appBase: FastifyInstance, opts: { service: StatsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.stats.playerStats, {
    handler: async (request) => ({
      success: true as const,
      data: await service.playerStats(request.playerId, request.params.id),
    }),
  });

  route(app, endpoints.stats.updatePlayerStats, {
    handler: async (request) => ({ success: true as const, data: await service.update(request.playerId) }),
  });

  route(app, endpoints.stats.leaderboard, {
    handler: async (request) => ({
      success: true as const,
      data: await service.leaderboard(request.playerId, request.query),
    }),
  });

  route(app, endpoints.stats.playerAchievements, {
    handler: async (request) => ({
      success: true as const,
      data: await service.achievements(request.params.id, request.playerId),
    }),
  });

  route(app, endpoints.public.publicStats, {
    handler: async () => ({ success: true as const, data: await service.publicStats() }),
  });
}
