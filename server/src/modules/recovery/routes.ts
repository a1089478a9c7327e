import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  ResendVerificationResponse,
  PasswordResetBody,
  PasswordResetResponse,
  VerifyEmailBody,
  VerifyEmailResponse,
  errorResponses,
} from '@gogo/shared/api';
import { recoveryText } from '@gogo/shared/messages';
import type { RecoveryService } from './service.js';

/** Resend: a few per player per 15 minutes (the inbox is someone's; the link does not change by asking again). */
export const RESEND_MAX = 3;
const RESEND_WINDOW_MS = 15 * 60_000;

/** Issue 13's mail routes under /api/auth: verify email, resend, forgot/reset/change password. */
export async function recoveryRoutes(
  appBase: FastifyInstance,
  opts: { service: RecoveryService; perIpMax: number; windowMs: number },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const perIp = { max: opts.perIpMax, timeWindow: opts.windowMs };
  const tags = ['auth'];
  const security = [{ playerToken: [] }];

  app.post(
    '/api/auth/verify-email',
    {
      config: { rateLimit: perIp },
      schema: {
        tags,
        summary: 'Mark the email address verified with the token of its mailed link (single use, 48 h)',
        body: VerifyEmailBody,
        response: { 200: VerifyEmailResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.verifyEmail(request.body.token),
      message: recoveryText.verified,
    }),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      preHandler: app.requirePlayer,
      // After requirePlayer (the route's own preHandler runs first): counted per player.
      config: {
        rateLimit: {
          max: RESEND_MAX,
          timeWindow: RESEND_WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: (request) => `resend-verification:${request.playerId}`,
        },
      },
      schema: {
        tags,
        summary: 'Send a new verification link to the signed-in player (throttled per player)',
        security,
        response: { 200: ResendVerificationResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.resendVerification(request.playerId),
      message: recoveryText.verificationSent,
    }),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: perIp },
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not an account has the address)',
        body: ForgotPasswordBody,
        response: { 200: ForgotPasswordResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: service.forgotPassword(request.body.email),
      message: recoveryText.resetRequested,
    }),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: perIp },
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link (single use, 30 min); revokes every token',
        body: PasswordResetBody,
        response: { 200: PasswordResetResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.resetPassword(request.body.token, request.body.password),
      message: recoveryText.passwordReset,
    }),
  );

  app.post(
    '/api/auth/change-password',
    {
      preHandler: app.requirePlayer,
      config: { rateLimit: perIp },
      schema: {
        tags,
        summary: 'Change the password; other sessions are revoked and the caller gets a fresh token',
        security,
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.changePassword(request.playerId, request.body.currentPassword, request.body.newPassword),
      message: recoveryText.passwordChanged,
    }),
  );
}
