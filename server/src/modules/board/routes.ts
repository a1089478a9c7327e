import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { route } from '../../lib/route.js';
import type { BoardService } from './service.js';

export async function boardRoutes(appBase: FastifyInstance, opts: { service: BoardService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;

  route(app, endpoints.board.board, {
    handler: async (request) => ({ success: true as const, data: await service.board(request.playerId) }),
  });

  route(app, endpoints.board.upgradeProperty, {
    handler: async (request, reply) => {
      const answer = await service.upgrade(request.playerId, request.params.tileId, request.body);
      if (answer.replayed) reply.header('x-upgrade-replayed', '1');
      return { success: true as const, data: answer.result };
    },
  });
}
