import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  errorResponses,
  LeaderboardQuery,
  LeaderboardResponse,
  PlayerAchievementsResponse,
  PlayerStatsResponse,
  PublicStatsResponse,
  StatsUpdateResponse,
  UserIdParams,
} from '@gogo/shared/api';
import type { StatsService } from './service.js';

export async function statsRoutes(appBase: FastifyInstance, opts: { service: StatsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['player-stats'];
  const security = [{ playerToken: [] }];

  app.get(
    '/api/player-stats/user/:id',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "A player's stats (another player's: public figures only)",
        description: 'Reading oneself adds `private` (email, balance, dice, XP, streaks); never for another player.',
        security,
        params: UserIdParams,
        response: { 200: PlayerStatsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.playerStats(request.playerId, request.params.id),
    }),
  );

  app.post(
    '/api/player-stats/update',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "Recompute the player's stats from stored data (accepts no values)",
        description: 'Any body is ignored: stats are derived from the stored game state, rolls and ledger.',
        security,
        response: { 200: StatsUpdateResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.update(request.playerId) }),
  );

  app.get(
    '/api/player-stats/leaderboard',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'The global leaderboard (spec section 9 score)',
        description:
          'period=all ranks current progress by the spec score. day, week (ISO, from Monday) and month are the ' +
          'current UTC periods, ranked by the same formula over the activity of the period (GOGO earned by ' +
          'rolls, achievements and login bonuses, jackpots, achievement unlocks, rolls; level is not scored). ' +
          'Only players with a roll (in the period) are ranked. limit: default 10, at most 100.',
        security,
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.leaderboard(request.playerId, request.query) }),
  );

  app.get(
    '/api/player-stats/achievements/:id',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "All eight achievements with the player's unlocks",
        security,
        params: UserIdParams,
        response: { 200: PlayerAchievementsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.achievements(request.params.id, request.playerId),
    }),
  );

  app.get(
    '/api/public/stats',
    {
      schema: {
        tags: ['public'],
        summary: 'Landing page figures: players, online, GOGO distributed, rolls today, top 5 (no auth)',
        description: 'Real figures, recomputed at most every 10 seconds.',
        response: { 200: PublicStatsResponse, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await service.publicStats() }),
  );
}
