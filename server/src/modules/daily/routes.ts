import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { DailyService } from './service.js';
import { route } from '../../lib/route.js';

export async function dailyRoutes(appBase: FastifyInstance, opts: { service: DailyService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.daily.dailyDiceStatus, {
    handler: async (request) => ({ success: true as const, data: await service.diceStatus(request.playerId) }),
  });

  route(app, endpoints.daily.claimDailyDice, {
    handler: async (request) => ({ success: true as const, data: await service.claimDice(request.playerId) }),
  });

  route(app, endpoints.daily.dailyLogin, {
    handler: async (request) => ({ success: true as const, data: await service.login(request.playerId) }),
  });
}
