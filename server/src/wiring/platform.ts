/** The platform every route stands on: envelope, limits, headers, metrics, OpenAPI, the token check. */
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { withdrawRuleText } from '@gogo/shared/messages';
import { defaultInputLimits, type AppConfig } from '../settings/index.js';
import type { Database } from '../db/client.js';
import { type Clock } from '../lib/clock.js';
import { errorsPlugin } from '../plugins/errors.js';
import { authPlugin } from '../plugins/auth.js';
import { securityPlugin } from '../plugins/security.js';
import { openapiPlugin } from '../plugins/openapi.js';
import { metricsPlugin } from '../plugins/metrics.js';
import { type Registry } from '../lib/metrics.js';
import { registerFrontDoor } from '../plugins/load-shedding.js';
import { strictInputsPlugin } from '../plugins/strict-inputs.js';
import { playerWriteLimitPlugin } from '../plugins/player-write-limit.js';
import { playerReadLimitPlugin } from '../plugins/player-read-limit.js';
import { counterRateLimitStore, type Counters } from '../modules/throttle/index.js';
import { createSessionState } from '../modules/auth/index.js';
import { createAdminGate } from '../modules/admin-security/index.js';
import { inlineScriptHashes, readPrerenderedPages, readRoutePreloads } from '../modules/site/index.js';

/** What every area's wiring is handed: the app, its settings, the database and the clock. */
export interface Base {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  clock: Clock;
  /** The app's metrics (served at /metrics): services add their gauges as they are built. */
  metrics: Registry;
}

/** The built client's pages (prerendered ones carry their styles inline, allowed by hash in the CSP). */
export function readPages(clientDistDir: string | undefined) {
  const prerendered = clientDistDir ? readPrerenderedPages(clientDistDir) : new Map<string, string>();
  const assets = clientDistDir ? readRoutePreloads(clientDistDir, new Set(prerendered.keys())) : null;
  const scriptHashes = clientDistDir ? inlineScriptHashes(clientDistDir) : [];
  return { prerendered, assets, scriptHashes };
}
export type Pages = ReturnType<typeof readPages>;

/** Envelope, input limits, security headers, metrics, rate limits, OpenAPI and the token check. */
export async function registerPlatform(
  { app, config, database, clock, metrics }: Base,
  pages: Pages,
  counters: Counters,
) {
  app.addHook('onClose', async () => database.close());
  await app.register(errorsPlugin);
  await registerFrontDoor(app, config.loadShedding);
  // Bodies without coercion, 414, multipart boundary; per-player write limits.
  await app.register(strictInputsPlugin);
  await app.register(playerWriteLimitPlugin, { perMinute: (config.inputLimits ?? defaultInputLimits).writesPerMinute });
  await app.register(playerReadLimitPlugin, { perMinute: config.readsPerMinute });
  if (config.withdrawRules && !config.withdrawRules.enabled) app.log.warn(withdrawRuleText.eligibilityOffWarning);
  await app.register(securityPlugin, {
    styleHashes: pages.assets?.inline.hashes ?? [],
    scriptHashes: pages.scriptHashes,
  });
  const trustProxy = config.trustProxy != null;
  await app.register(metricsPlugin, {
    database,
    token: config.metricsToken ?? null,
    registry: metrics,
    trustProxy,
    trustProxyList: config.trustProxy ?? null,
  });
  // Throttles and rate limits count in the shared database: they hold across instances.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => req.ip,
    store: counterRateLimitStore(counters, clock),
  });
  await app.register(openapiPlugin, {
    version: config.version,
    publicUrl: config.publicUrl,
    supportEmail: config.site.supportEmail,
  });
  const sessionState = createSessionState(database);
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    previousSecrets: config.jwtPreviousSecrets ?? [],
    clock,
    accounts: sessionState,
    adminGate: createAdminGate(database, config.adminRequire2fa ?? false),
  });
  return sessionState;
}
