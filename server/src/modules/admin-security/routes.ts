import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { AdminLogin } from './login.js';
import type { AdminSecurityService } from './service.js';
import { route } from '../../lib/route.js';

/** Admin sign-in (both steps) and the Security tab's enrolment. */
export async function adminSecurityRoutes(
  appBase: FastifyInstance,
  opts: {
    login: AdminLogin;
    service: AdminSecurityService;
    perIpMax: number;
    windowMs: number;
  },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { login, service } = opts;
  const rateLimit = { max: opts.perIpMax, timeWindow: opts.windowMs };

  route(app, endpoints.adminSecurity.adminLogin, {
    config: { rateLimit },
    handler: async (request) => ({
      success: true as const,
      data: await login.password(request.body, { ip: request.ip }),
      message: 'Login successful',
    }),
  });

  route(app, endpoints.adminSecurity.adminSecondFactor, {
    config: { rateLimit },
    handler: async (request) => ({
      success: true as const,
      data: await login.secondFactor(request.body, { ip: request.ip }),
      message: 'Login successful',
    }),
  });

  route(app, endpoints.adminSecurity.adminSecurityStatus, {
    handler: async (request) => ({ success: true as const, data: await service.status(request.adminId) }),
  });

  route(app, endpoints.adminSecurity.totpSetup, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await service.startTotp(request.adminId) };
    },
  });

  route(app, endpoints.adminSecurity.totpConfirm, {
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await service.confirmTotp(request.adminId, request.body.code, request.ip),
        message: 'Two-step sign-in is on',
      };
    },
  });
}
