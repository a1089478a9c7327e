import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { route } from '../../lib/route.js';
import type { EventsService } from './service.js';

export async function eventsRoutes(appBase: FastifyInstance, opts: { service: EventsService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const e = endpoints.events;

  route(app, e.adminCreateEvent, {
    handler: async (request, reply) => {
      const event = await service.create(request.adminId, request.body, request.ip);
      return reply.code(201).send({ success: true as const, data: { event } });
    },
  });
  route(app, e.adminListEvents, {
    handler: async () => ({ success: true as const, data: { events: await service.adminList() } }),
  });
  route(app, e.adminUpdateEvent, {
    handler: async (request) => ({
      success: true as const,
      data: { event: await service.update(request.adminId, request.params.id, request.body, request.ip) },
    }),
  });
  route(app, e.adminCancelEvent, {
    handler: async (request) => ({
      success: true as const,
      data: { event: await service.cancel(request.adminId, request.params.id, request.ip) },
    }),
  });

  route(app, e.listEvents, {
    handler: async (request) => ({ success: true as const, data: { events: await service.list(request.playerId) } }),
  });
  route(app, e.joinEvent, {
    handler: async (request) => ({
      success: true as const,
      data: { event: await service.join(request.playerId, request.params.id) },
    }),
  });
  route(app, e.remindEvent, {
    handler: async (request) => ({
      success: true as const,
      data: { event: await service.remind(request.playerId, request.params.id) },
    }),
  });
  route(app, e.forgetEventReminder, {
    handler: async (request) => ({
      success: true as const,
      data: { event: await service.forgetReminder(request.playerId, request.params.id) },
    }),
  });
  route(app, e.eventLeaderboard, {
    handler: async (request) => ({
      success: true as const,
      data: await service.leaderboard(request.playerId, request.params.id, request.query.limit, request.query.around),
    }),
  });
  route(app, e.eventResultSeen, {
    handler: async (request) => {
      await service.resultSeen(request.playerId, request.params.id);
      return { success: true as const, data: { seen: true as const } };
    },
  });
}
