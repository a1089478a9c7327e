import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../settings/index.js';
import { defaultProductionSettings, type Timeouts } from '../settings/production.js';
import { OneLineLogController } from './request-log.js';
import { frameworkErrors } from './strict-inputs.js';
import { requestIdOf } from './request-id.js';

/** The Fastify instance with the app's request ids, log lines, proxy trust, limits and timeouts. */
export function createFastify(config: AppConfig, logger: FastifyServerOptions['logger']): FastifyInstance {
  return Fastify({
    logger: logger ?? false,
    // The proxy's X-Request-Id when it is a sane id, else one of our own (plugins/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // One log line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new OneLineLogController(),
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: only these proxies' X-Forwarded-For sets req.ip (rate limits, audit, logs).
    trustProxy: config.trustProxy ?? false,
    // A path Fastify cannot route (bad escape, over-long parameter) answers in the envelope.
    frameworkErrors,
    // HTTP_*_TIMEOUT_MS (settings/production.ts): a slow or idle client cannot hold a socket for ever.
    ...fastifyTimeouts((config.production ?? defaultProductionSettings).timeouts),
    // A request that reaches a closing instance on a connection it had already accepted is served
    // (with connection: close, server.ts), not answered Fastify's bare 503 outside the envelope.
    return503OnClosing: false,
  });
}

function fastifyTimeouts(t: Timeouts) {
  return { requestTimeout: t.requestMs, connectionTimeout: t.connectionMs, keepAliveTimeout: t.keepAliveMs };
}

/**
 * The plugin under a name of its own. Fastify names a plugin that has none by looking for it among the
 * exports of every module in require.cache, twice per registration: some 20 ms of CPU per app for the
 * route plugins, paid by every API test that builds an app. The name is Fastify's display name
 * (`Symbol.for('fastify.display-name')`), read before that scan; the plugin keeps its own scope.
 */
export function named<P extends object>(plugin: P & { name: string }, name = plugin.name): P {
  (plugin as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = name;
  return plugin;
}
