import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { loginLinkText, recoveryText } from '@gogo/shared/messages';
import type { RecoveryService } from './service.js';
import { route } from '../../lib/route.js';

/** Resend: a few per player per 15 minutes (the inbox is someone's; the link does not change by asking again). */
export const RESEND_MAX = 3;
const RESEND_WINDOW_MS = 15 * 60_000;

/** The mail routes under /api/auth: verify email, resend, forgot/reset/change password. */
export async function recoveryRoutes(
  appBase: FastifyInstance,
  opts: { service: RecoveryService; perIpMax: number; windowMs: number },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const perIp = { max: opts.perIpMax, timeWindow: opts.windowMs };

  route(app, endpoints.auth.verifyEmail, {
    config: { rateLimit: perIp },
    handler: async (request) => ({
      success: true as const,
      data: await service.verifyEmail(request.body.token),
      message: recoveryText.verified,
    }),
  });

  route(app, endpoints.auth.resendVerification, {
    // After requirePlayer (the route's own preHandler runs first): counted per player.
    config: {
      rateLimit: {
        max: RESEND_MAX,
        timeWindow: RESEND_WINDOW_MS,
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `resend-verification:${request.playerId}`,
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await service.resendVerification(request.playerId),
      message: recoveryText.verificationSent,
    }),
  });

  route(app, endpoints.auth.forgotPassword, {
    config: { rateLimit: perIp },
    handler: async (request) => ({
      success: true as const,
      data: service.forgotPassword(request.body.email),
      message: recoveryText.resetRequested,
    }),
  });

  route(app, endpoints.auth.requestLoginLink, {
    config: { rateLimit: perIp },
    handler: async (request) => ({
      success: true as const,
      data: service.requestLoginLink(request.body.email),
      message: loginLinkText.requested,
    }),
  });

  route(app, endpoints.auth.resetPassword, {
    config: { rateLimit: perIp },
    handler: async (request) => ({
      success: true as const,
      data: await service.resetPassword(request.body.token, request.body.password),
      message: recoveryText.passwordReset,
    }),
  });

  route(app, endpoints.auth.changePassword, {
    config: { rateLimit: perIp },
    handler: async (request) => ({
      success: true as const,
      data: await service.changePassword(request.playerId, request.body.currentPassword, request.body.newPassword),
      message: recoveryText.passwordChanged,
    }),
  });
}
