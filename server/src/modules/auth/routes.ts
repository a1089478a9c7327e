import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { AuthService } from './service.js';
import { deviceIdOf } from './login-throttle.js';
import { route } from '../../lib/route.js';

export async function authRoutes(
  appBase: FastifyInstance,
  opts: { service: AuthService; perIpMax: number; windowMs: number },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const rateLimit = { max: opts.perIpMax, timeWindow: opts.windowMs };

  route(app, endpoints.auth.register, {
    config: { rateLimit },
    handler: async (request, reply) => {
      const data = await service.register(request.body, { ip: request.ip, deviceId: deviceIdOf(request) });
      return reply.status(201).send({ success: true, data, message: 'Registration successful' });
    },
  });

  route(app, endpoints.auth.login, {
    config: { rateLimit },
    handler: async (request) => ({
      success: true as const,
      data: await service.login(request.body, { ip: request.ip, deviceId: deviceIdOf(request) }),
      message: 'Login successful',
    }),
  });

  route(app, endpoints.auth.redeemLoginLink, {
    config: { rateLimit },
    handler: async (request) => ({
      success: true as const,
      data: await service.loginWithLink(request.body.token, { ip: request.ip, deviceId: deviceIdOf(request) }),
      message: 'Login successful',
    }),
  });

  route(app, endpoints.auth.logout, {
    handler: async (request) => {
      await service.logout(request.playerId);
      return { success: true as const, data: { loggedOut: true } };
    },
  });

  route(app, endpoints.auth.me, {
    handler: async (request) => ({ success: true as const, data: { user: await service.me(request.playerId) } }),
  });
}
