import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import { route } from '../../lib/route.js';
import type { ChainService } from './service.js';

export async function chainRoutes(appBase: FastifyInstance, opts: { service: ChainService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  route(app, endpoints.chain.adminChain, {
    handler: async () => ({ success: true as const, data: await opts.service.adminView() }),
  });
}
