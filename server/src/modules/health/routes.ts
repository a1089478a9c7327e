import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { Database } from '../../db/database.js';
import { ErrorCode } from '@gogo/shared/api';
import { serverText } from '@gogo/shared/messages';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import { schemaState } from '../../db/migrations.js';
import { route } from '../../lib/route.js';
import type { ChainReadyDetails } from '../chain/index.js';

/** Why an instance is not ready, in the 503's details: for the operator and the proxy's logs. */
export type NotReadyReason = 'draining' | 'database_unreachable' | 'migrations_pending' | 'schema_ahead';

function notReady(reason: NotReadyReason, counts: Record<string, number> = {}): AppError {
  const err = new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, serverText.unavailable, { reason, ...counts });
  err.retryAfterS = UNAVAILABLE_RETRY_AFTER_S;
  return err;
}

/**
 * Liveness (/api/health: is the process answering? never the database, so a slow database does not
 * get healthy instances restarted) and readiness (/api/ready: can this instance serve? a load
 * balancer stops sending requests while the database is unreachable, while the schema is not the one
 * this code was built for (migrations pending, or a later release's applied), and while draining).
 */
export async function healthRoutes(
  appBase: FastifyInstance,
  opts: { database: Database; version: string; chainDetails?: () => ChainReadyDetails; draining?: () => boolean },
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
      // Shutting down (SIGTERM): still serving, but the proxy should send new requests elsewhere.
      if (opts.draining?.()) throw notReady('draining');
      try {
        await opts.database.ping();
      } catch {
        // A closed or broken connection is "not ready" too, whatever the driver calls it.
        throw notReady('database_unreachable');
      }
      // Migrations pending: this code's statements may name what does not exist yet. A schema ahead:
      // a later release migrated, and a contract step may have removed what this code still uses.
      const schema = await schemaState(opts.database).catch(() => {
        throw notReady('database_unreachable');
      });
      if (schema.pending > 0) throw notReady('migrations_pending', { pending: schema.pending, known: schema.known });
      if (schema.ahead > 0) throw notReady('schema_ahead', { ahead: schema.ahead, known: schema.known });
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
