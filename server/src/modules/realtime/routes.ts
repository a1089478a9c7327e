import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { StatsService } from '../stats/index.js';
import type { RealtimeService } from './service.js';
import { route } from '../../lib/route.js';

export async function realtimeRoutes(
  appBase: FastifyInstance,
  opts: { service: RealtimeService; stats: StatsService },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service, stats } = opts;

  route(app, endpoints.realtime.realtimeStatus, {
    handler: async () => ({ success: true as const, data: await service.status() }),
  });

  route(app, endpoints.realtime.liveLeaderboard, {
    handler: async (request) => ({
      success: true as const,
      data: await stats.leaderboard(request.playerId, request.query),
    }),
  });

  route(app, endpoints.realtime.recentAchievements, {
    handler: async (request) => ({
      success: true as const,
      data: { achievements: await service.recentAchievements(request.query.limit) },
    }),
  });

  route(app, endpoints.realtime.userGameData, {
    handler: async (request) => ({
      success: true as const,
      data: await service.gameData(request.playerId, request.params.id),
    }),
  });

  route(app, endpoints.realtime.realtimeMetrics, {
    handler: async () => ({ success: true as const, data: await service.metrics() }),
  });

  route(app, endpoints.realtime.activeGames, {
    handler: async () => ({ success: true as const, data: await service.activeGames() }),
  });
}
