import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HealthResponse } from '@gogo/shared/api';
import type { Database_ } from '../../db/client.js';

export async function healthRoutes(appBase: FastifyInstance, opts: { database: Database_; version: string }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const started = Date.now();
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      let database: 'ok' | 'error' = 'ok';
      try {
        opts.database.sqlite.prepare('SELECT 1').get();
      } catch {
        database = 'error';
      }
      const data = {
        status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
        version: opts.version,
        database,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      };
      return reply.status(database === 'ok' ? 200 : 503).send({ success: true, data });
    },
  );
}
