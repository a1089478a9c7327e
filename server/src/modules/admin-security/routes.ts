import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminLoginBody,
  AdminLoginStepResponse,
  AdminSecondFactorBody,
  AdminSecurityStatusResponse,
  TotpConfirmBody,
  TotpConfirmResponse,
  TotpSetupResponse,
  errorResponses,
} from '@gogo/shared/api';
import type { FailedLoginLimiter } from '../auth/login-throttle.js';
import type { AdminLogin } from './login.js';
import type { AdminSecurityService } from './service.js';

/** Admin sign-in (both steps) and the Security tab's enrolment. */
export async function adminSecurityRoutes(
  appBase: FastifyInstance,
  opts: {
    login: AdminLogin;
    service: AdminSecurityService;
    failedLogins: FailedLoginLimiter;
    perIpMax: number;
    windowMs: number;
  },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { login, service, failedLogins } = opts;
  const tags = ['admin'];
  const security = [{ adminToken: [] }];
  const rateLimit = { max: opts.perIpMax, timeWindow: opts.windowMs };
  const throttling =
    'Throttled like player logins: 5 failures per address and admin lock that address (423), failures from ' +
    'all addresses slow the account down, 30 failures per address per 15 minutes answer 429.';

  app.post(
    '/api/admin/login',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Admin sign-in, step one: username and password',
        description:
          "Without a second factor: step 'signed-in' with an 8-hour admin token (setupRequired under " +
          "ADMIN_REQUIRE_2FA). With one: step 'code-required' and a 5-minute challengeToken for " +
          `/api/admin/login/second-factor. ${throttling}`,
        body: AdminLoginBody,
        response: { 200: AdminLoginStepResponse, ...errorResponses },
      },
    },
    async (request, reply) => ({
      success: true as const,
      data: await failedLogins.guard(request, reply, () => login.password(request.body, { ip: request.ip })),
      message: 'Login successful',
    }),
  );

  app.post(
    '/api/admin/login/second-factor',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Admin sign-in, step two: the authenticator code or a recovery code',
        description:
          'A TOTP code works once; a recovery code once ever (audited). 401 INVALID_SECOND_FACTOR for a wrong ' +
          `code, 401 CHALLENGE_EXPIRED for an old or forged challenge. ${throttling}`,
        body: AdminSecondFactorBody,
        response: { 200: AdminLoginStepResponse, ...errorResponses },
      },
    },
    async (request, reply) => ({
      success: true as const,
      data: await failedLogins.guard(request, reply, () => login.secondFactor(request.body, { ip: request.ip })),
      message: 'Login successful',
    }),
  );

  app.get(
    '/api/admin/security',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: "The signed-in admin's second factor: enrolled or not, recovery codes left",
        security,
        response: { 200: AdminSecurityStatusResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await service.status(request.adminId) }),
  );

  app.post(
    '/api/admin/security/totp/setup',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Start TOTP enrolment: a new pending secret as an otpauth URI (for the QR code) and as text',
        description: '409 TOTP_ALREADY_ENROLLED once a second factor is on (the CLI resets it).',
        security,
        response: { 200: TotpSetupResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await service.startTotp(request.adminId) };
    },
  );

  app.post(
    '/api/admin/security/totp/confirm',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary: 'Finish TOTP enrolment with a first code; answers ten single-use recovery codes, once',
        description:
          '400 INVALID_SECOND_FACTOR for a wrong code (5 per 15 minutes, then 429), 409 TOTP_NOT_STARTED ' +
          'without a pending setup. Audited.',
        security,
        body: TotpConfirmBody,
        response: { 200: TotpConfirmResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await service.confirmTotp(request.adminId, request.body.code, request.ip),
        message: 'Two-step sign-in is on',
      };
    },
  );
}
