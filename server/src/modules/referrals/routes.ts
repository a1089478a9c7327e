import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { referralText } from '@gogo/shared/messages';
import type { ReferralsService } from './service.js';
import { route } from '../../lib/route.js';

export async function referralsRoutes(appBase: FastifyInstance, opts: { service: ReferralsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.referrals.myReferralCode, {
    handler: async (request) => ({
      success: true as const,
      data: { referralCode: await service.myCode(request.playerId) },
    }),
  });

  route(app, endpoints.referrals.acceptReferral, {
    handler: async (request) => ({
      success: true as const,
      data: await service.accept(request.playerId, request.body.code),
      message: referralText.applied,
    }),
  });

  route(app, endpoints.referrals.referralStats, {
    handler: async (request) => ({ success: true as const, data: await service.stats(request.playerId) }),
  });

  route(app, endpoints.referrals.referredFriends, {
    handler: async (request) => ({
      success: true as const,
      data: { friends: await service.friends(request.playerId) },
    }),
  });

  route(app, endpoints.referrals.referralStatus, {
    handler: async (request) => ({ success: true as const, data: await service.status(request.playerId) }),
  });
}
