import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { Database } from '../../db/database.js';
import { DatabaseUnavailableError } from '../../db/errors.js';
import { route } from '../../lib/route.js';
import type { ChainReadyDetails } from '../chain/index.js';

/**
 * Liveness (/api/health: is the process answering? never the database, so a slow database does not
 * get healthy instances restarted) and readiness (/api/ready: can this instance serve? a load
 * balancer stops sending requests while the database is unreachable).
 */
export async function healthRoutes(
  appBase: FastifyInstance,
  opts: { database: Database; version: string; chainDetails?: () => ChainReadyDetails },
) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const started = Date.now();
  route(app, endpoints.health.health, {
    handler: async () => ({
      success: true as const,
      data: {
        status: 'ok' as const,
        version: opts.version,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      },
    }),
  });

  route(app, endpoints.health.ready, {
    handler: async () => {
      const chain = opts.chainDetails?.() ?? null;
      try {
        await opts.database.ping();
      } catch (err) {
        // A closed or broken connection is "not ready" too, whatever the driver calls it.
        throw err instanceof DatabaseUnavailableError ? err : new DatabaseUnavailableError(String(err));
      }
      return {
        success: true as const,
        data: {
          status: 'ready' as const,
          database: 'ok' as const,
          engine: opts.database.engine,
          // The chain node is not needed to serve: its trouble shows here, and the instance stays ready.
          ...(chain ? { chain } : {}),
        },
      };
    },
  });
}
