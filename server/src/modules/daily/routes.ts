import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DailyDiceClaimResponse, DailyDiceStatusResponse, DailyLoginResponse, errorResponses } from '@gogo/shared/api';
import type { DailyService } from './service.js';

export async function dailyRoutes(appBase: FastifyInstance, opts: { service: DailyService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['daily'];
  const security = [{ playerToken: [] }];

  app.get(
    '/api/daily-dice-roll/can-claim',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Whether the free daily dice can be claimed today (UTC), with the streak',
        security,
        response: { 200: DailyDiceStatusResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.diceStatus(request.playerId) }),
  );

  app.post(
    '/api/daily-dice-roll/claim',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Claim the free daily dice (once per UTC day; again: 409 ALREADY_CLAIMED)',
        security,
        response: { 200: DailyDiceClaimResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.claimDice(request.playerId) }),
  );

  app.post(
    '/api/daily-login',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Record the daily login; the first call of a UTC day credits the streak bonus',
        security,
        response: { 200: DailyLoginResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.login(request.playerId) }),
  );
}
