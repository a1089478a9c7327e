import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { route } from '../../lib/route.js';
import type { PushService } from './service.js';

export async function pushRoutes(appBase: FastifyInstance, opts: { service: PushService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const p = endpoints.push;

  route(app, p.pushKey, {
    handler: async () => ({ success: true as const, data: { publicKey: await service.publicKey() } }),
  });
  route(app, p.pushSubscribe, {
    handler: async (request, reply) => {
      const device = await service.subscribe(request.playerId, request.body, request.headers['user-agent']);
      return reply.code(201).send({ success: true as const, data: { device } });
    },
  });
  route(app, p.pushDevices, {
    handler: async (request) => ({ success: true as const, data: await service.devices(request.playerId) }),
  });
  route(app, p.pushUnsubscribe, {
    handler: async (request) => {
      await service.remove(request.playerId, request.params.id);
      return { success: true as const, data: { removed: true as const } };
    },
  });
  route(app, p.pushPreferences, {
    handler: async (request) => ({
      success: true as const,
      data: { preferences: await service.preferences(request.playerId) },
    }),
  });
  route(app, p.setPushPreferences, {
    handler: async (request) => ({
      success: true as const,
      data: { preferences: await service.setPreferences(request.playerId, request.body) },
    }),
  });
}
