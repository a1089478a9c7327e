import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { moneyText, validationText } from '@gogo/shared/messages';
import type { CreditsService } from './service.js';
import { route } from '../../lib/route.js';

export async function creditsRoutes(appBase: FastifyInstance, opts: { service: CreditsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.credits.creditsBalance, {
    handler: async (request) => ({ success: true as const, data: await service.balance(request.playerId) }),
  });

  route(app, endpoints.credits.spend, {
    handler: async (request) => ({ success: true as const, data: await service.spend(request.playerId, request.body) }),
  });

  route(app, endpoints.credits.grant, {
    handler: async (request) => ({
      success: true as const,
      data: await service.grant(request.adminId, request.body, request.ip),
    }),
  });

  route(app, endpoints.credits.depositInfo, {
    handler: async (request) => ({ success: true as const, data: await service.depositInfo(request.playerId) }),
  });

  route(app, endpoints.credits.depositRequest, {
    // Money requests without any token answer the spec's deposit text 'Please login.'.
    unauthorizedText: validationText.depositLogin,
    handler: async (request, reply) => {
      const data = await service.requestDeposit(request.playerId, request.body);
      return reply.status(201).send({ success: true, data, message: moneyText.depositSubmitted });
    },
  });

  route(app, endpoints.credits.dicePurchaseRequest, {
    // Money requests without any token answer the spec's deposit text 'Please login.'.
    unauthorizedText: validationText.depositLogin,
    handler: async (request, reply) => {
      const data = await service.requestDicePurchase(request.playerId, request.body);
      return reply.status(201).send({ success: true, data, message: moneyText.purchaseSubmitted });
    },
  });

  route(app, endpoints.credits.withdrawalRequest, {
    handler: async (request, reply) => {
      const data = await service.requestWithdrawal(request.playerId, request.body);
      return reply.status(201).send({ success: true, data, message: moneyText.withdrawalSubmitted });
    },
  });

  route(app, endpoints.credits.withdrawRequest, {
    handler: async (request, reply) => {
      const data = await service.requestSolWithdrawal(request.playerId, request.body);
      return reply.status(201).send({ success: true, data, message: moneyText.withdrawalSubmitted });
    },
  });

  route(app, endpoints.credits.transactions, {
    handler: async (request) => ({
      success: true as const,
      data: await service.history(request.playerId, request.query),
    }),
  });
}
