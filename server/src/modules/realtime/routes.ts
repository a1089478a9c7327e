import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ActiveGamesResponse,
  errorResponses,
  LeaderboardQuery,
  LiveLeaderboardResponse,
  RealtimeMetricsResponse,
  RealtimeStatusResponse,
  RecentAchievementsQuery,
  RecentAchievementsResponse,
  UserGameDataResponse,
  UserIdParams,
} from '@gogo/shared/api';
import type { StatsService } from '../stats/service.js';
import type { RealtimeService } from './service.js';

export async function realtimeRoutes(
  appBase: FastifyInstance,
  opts: { service: RealtimeService; stats: StatsService },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service, stats } = opts;
  const tags = ['realtime'];
  const security = [{ playerToken: [] }];

  app.get(
    '/api/realtime/status',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Realtime status (the socket, its fan-out, the polling fallback) and players online',
        security,
        response: { 200: RealtimeStatusResponse, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await service.status() }),
  );

  app.get(
    '/api/realtime/leaderboard/live',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'The current leaderboard (same as /api/player-stats/leaderboard)',
        security,
        querystring: LeaderboardQuery,
        response: { 200: LiveLeaderboardResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await stats.leaderboard(request.playerId, request.query) }),
  );

  app.get(
    '/api/realtime/achievements/recent',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Achievements unlocked most recently, by any player',
        security,
        querystring: RecentAchievementsQuery,
        response: { 200: RecentAchievementsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { achievements: await service.recentAchievements(request.query.limit) },
    }),
  );

  app.get(
    '/api/realtime/user/:id/game-data',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "The player's state, fairness, recent rolls and open session (own only: 403 otherwise)",
        security,
        params: UserIdParams,
        response: { 200: UserGameDataResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.gameData(request.playerId, request.params.id) }),
  );

  app.get(
    '/api/realtime/metrics',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Players online (last 5 minutes), GOGO distributed, rolls today, active games',
        security,
        response: { 200: RealtimeMetricsResponse, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await service.metrics() }),
  );

  app.get(
    '/api/realtime/games/active',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Open play sessions of players seen in the last 5 minutes',
        security,
        response: { 200: ActiveGamesResponse, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await service.activeGames() }),
  );
}
