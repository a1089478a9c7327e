import type { FastifyInstance } from 'fastify';
import { systemClock } from './lib/clock.js';
import { createMetricsRegistry } from './plugins/metrics.js';
import { createFastify } from './plugins/instance.js';
import { dbCounters } from './modules/throttle/index.js';
import type { BuildAppOptions } from './wiring/options.js';
import { readPages, registerPlatform, type Base } from './wiring/platform.js';
import { buildServices } from './wiring/services.js';
import { MODULES } from './wiring/modules.js';

export type { BuildAppOptions } from './wiring/options.js';

/**
 * Builds the whole application. The process (server.ts) and the tests (app.inject) both use it: the
 * platform first (wiring/platform.ts), then every service after what it needs (wiring/services.ts),
 * then what each module declares it registers, in the declared order (wiring/modules.ts).
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = createFastify(config, opts.logger);
  const base: Base = { app, config, database, clock: opts.clock ?? systemClock, metrics: createMetricsRegistry() };
  const pages = readPages(opts.clientDistDir);
  const counters = dbCounters(database);
  const sessionState = await registerPlatform(base, pages, counters);
  const services = buildServices(base, sessionState, counters, opts);
  for (const declaration of MODULES) await declaration.register(app, { base, services, sessionState, pages, opts });
  return app;
}
