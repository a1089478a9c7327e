import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ReferralAcceptBody,
  ReferralAcceptResponse,
  ReferralCodeResponse,
  ReferralFriendsResponse,
  ReferralStatsResponse,
  ReferralStatusResponse,
  errorResponses,
} from '@gogo/shared/api';
import { referralText } from '@gogo/shared/messages';
import type { ReferralsService } from './service.js';

export async function referralsRoutes(appBase: FastifyInstance, opts: { service: ReferralsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['referrals'];
  const security = [{ playerToken: [] }];
  const common = { preHandler: app.requirePlayer };

  app.get(
    '/api/referrals/my-code',
    {
      ...common,
      schema: {
        tags,
        summary: "The player's own referral code (issued on first request)",
        security,
        response: { 200: ReferralCodeResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: { referralCode: await service.myCode(request.playerId) } }),
  );

  app.post(
    '/api/referrals/accept',
    {
      ...common,
      schema: {
        tags,
        summary: "Apply a friend's referral code (once; never one's own; never in a loop)",
        security,
        body: ReferralAcceptBody,
        response: { 200: ReferralAcceptResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.accept(request.playerId, request.body.code),
      message: referralText.applied,
    }),
  );

  app.get(
    '/api/referrals/stats',
    {
      ...common,
      schema: {
        tags,
        summary: 'How many friends the player referred and what it earned',
        security,
        response: { 200: ReferralStatsResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.stats(request.playerId) }),
  );

  app.get(
    '/api/referrals/friends',
    {
      ...common,
      schema: {
        tags,
        summary: 'Friends who applied the player’s code, newest first',
        security,
        response: { 200: ReferralFriendsResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: { friends: await service.friends(request.playerId) } }),
  );

  app.get(
    '/api/referrals/status',
    {
      ...common,
      schema: {
        tags,
        summary: 'Whether the player applied a code, and whose',
        security,
        response: { 200: ReferralStatusResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.status(request.playerId) }),
  );
}
