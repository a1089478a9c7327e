import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreditsBalanceResponse,
  DepositInfoResponse,
  DepositRequestBody,
  DepositRequestResponse,
  DicePurchaseBody,
  DicePurchaseResponse,
  ErrorCode,
  GrantBody,
  GrantResponse,
  SpendBody,
  SpendResponse,
  TransactionsQuery,
  TransactionsResponse,
  WithdrawRequestBody,
  WithdrawalRequestBody,
  WithdrawalRequestResponse,
  errorResponses,
} from '@gogo/shared/api';
import { moneyText, validationText } from '@gogo/shared/messages';
import { AppError } from '../../lib/errors.js';
import type { CreditsService } from './service.js';

export async function creditsRoutes(appBase: FastifyInstance, opts: { service: CreditsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['credits'];
  const player = [{ playerToken: [] }];

  /** Money requests without any token answer the spec's deposit text 'Please login.'. */
  async function requirePlayerToDeposit(request: FastifyRequest) {
    try {
      await app.requirePlayer(request);
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.UNAUTHORIZED) {
        throw new AppError(401, ErrorCode.UNAUTHORIZED, validationText.depositLogin);
      }
      throw err;
    }
  }

  app.get(
    '/api/credits/balance',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "The player's GOGO balance, dice rolls and GOGO held by pending withdrawals",
        security: player,
        response: { 200: CreditsBalanceResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.balance(request.playerId) }),
  );

  app.post(
    '/api/credits/spend',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Spend GOGO, once per idempotency key (a retry replays the first answer)',
        security: player,
        body: SpendBody,
        response: { 200: SpendResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.spend(request.playerId, request.body) }),
  );

  app.post(
    '/api/credits/grant',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Admin: credit GOGO to a player',
        security: [{ adminToken: [] }],
        body: GrantBody,
        response: { 200: GrantResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.grant(request.adminId, request.body, request.ip),
    }),
  );

  app.get(
    '/api/credits/deposit-info',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Where to send each currency, and the minimum deposit',
        security: player,
        response: { 200: DepositInfoResponse, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: service.depositInfo() }),
  );

  app.post(
    '/api/credits/deposit-request',
    {
      preHandler: requirePlayerToDeposit,
      schema: {
        tags,
        summary: 'Request a deposit (pending until an admin approves it)',
        description:
          'Accepts {amount, cryptoType, cryptoAddress, transactionHash?, reference, note} or {amount, solTxSignature, note}.',
        security: player,
        body: DepositRequestBody,
        response: { 201: DepositRequestResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await service.requestDeposit(request.playerId, request.body);
      return reply.status(201).send({ success: true, data, message: moneyText.depositSubmitted });
    },
  );

  app.post(
    '/api/dice-rolls/purchase-request',
    {
      preHandler: requirePlayerToDeposit,
      schema: {
        tags: ['dice'],
        summary: 'Request a dice roll purchase (pending until an admin approves it)',
        security: player,
        body: DicePurchaseBody,
        response: { 201: DicePurchaseResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await service.requestDicePurchase(request.playerId, request.body);
      return reply.status(201).send({ success: true, data, message: moneyText.purchaseSubmitted });
    },
  );

  app.post(
    '/api/credits/withdrawal-request',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Request a withdrawal; the amount is held at once',
        security: player,
        body: WithdrawalRequestBody,
        response: { 201: WithdrawalRequestResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await service.requestWithdrawal(request.playerId, request.body);
      return reply.status(201).send({ success: true, data, message: moneyText.withdrawalSubmitted });
    },
  );

  app.post(
    '/api/credits/withdraw-request',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'Request a withdrawal to a Solana address (service-call form)',
        security: player,
        body: WithdrawRequestBody,
        response: { 201: WithdrawalRequestResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await service.requestSolWithdrawal(request.playerId, request.body);
      return reply.status(201).send({ success: true, data, message: moneyText.withdrawalSubmitted });
    },
  );

  app.get(
    '/api/credits/transactions',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "The player's history: money requests and game ledger entries, newest first",
        security: player,
        querystring: TransactionsQuery,
        response: { 200: TransactionsResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.history(request.playerId, request.query) }),
  );
}
