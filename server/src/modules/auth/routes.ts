import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuthResponse, LoginBody, LogoutResponse, MeResponse, RegisterBody, errorResponses } from '@gogo/shared/api';
import type { AuthService } from './service.js';
import { deviceIdOf, type FailedLoginLimiter } from './login-throttle.js';

export async function authRoutes(
  appBase: FastifyInstance,
  opts: { service: AuthService; perIpMax: number; windowMs: number; failedLogins: FailedLoginLimiter },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const rateLimit = { max: opts.perIpMax, timeWindow: opts.windowMs };
  const tags = ['auth'];

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Create a player account',
        description: 'Records the sign-up address and the optional X-Device-Id header (the withdrawal risk checks).',
        body: RegisterBody,
        response: { 201: AuthResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await service.register(request.body, { ip: request.ip, deviceId: deviceIdOf(request) });
      return reply.status(201).send({ success: true, data, message: 'Registration successful' });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Log in with email and password',
        description:
          'Failed logins lock one address+account pair after 5 per 15 minutes (423 ACCOUNT_LOCKED for that ' +
          'address only), slow every attempt on an account after 10 failures from all addresses (a growing ' +
          'delay, at most 10 s), and 30 failures per address per 15 minutes answer 429 RATE_LIMIT_EXCEEDED. ' +
          'Unknown email and wrong password give the same 401 INVALID_CREDENTIALS. Optional X-Device-Id header.',
        body: LoginBody,
        response: { 200: AuthResponse, ...errorResponses },
      },
    },
    async (request, reply) => ({
      success: true as const,
      data: await opts.failedLogins.guard(request, reply, () =>
        service.login(request.body, { ip: request.ip, deviceId: deviceIdOf(request) }),
      ),
      message: 'Login successful',
    }),
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: "Revoke all of the player's tokens",
        security: [{ playerToken: [] }],
        response: { 200: LogoutResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.logout(request.playerId);
      return { success: true as const, data: { loggedOut: true } };
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: app.requirePlayer,
      schema: {
        tags,
        summary: 'The signed-in player',
        security: [{ playerToken: [] }],
        response: { 200: MeResponse, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: { user: await service.me(request.playerId) } }),
  );
}
