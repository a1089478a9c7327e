import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { endpoints } from '@gogo/shared/api/endpoints';
import type { Database } from '../db/database.js';
import { countTimeout, countUntrustedForwarded, processRegistry, startProcessMetrics } from '../lib/metrics.js';

/** The registry of one app: served at /metrics beside the process-wide one. */
export const createMetricsRegistry = () => new Registry();
import { route } from '../lib/route.js';
import { watchForwardedCollapse } from './forwarded-collapse.js';

interface MetricsOptions {
  database: Database;
  /** METRICS_TOKEN: lets non-loopback scrapers in with `Authorization: Bearer <token>`. */
  token: string | null;
  /** The app's own registry (createMetricsRegistry): services built later add their gauges to it. */
  registry: Registry;
  /** TRUST_PROXY is set: forwarding headers are believed. Unset, they are counted and warned about once. */
  trustProxy: boolean;
  /** TRUST_PROXY's entries: watched for a setting that collapses every client into one address. */
  trustProxyList?: readonly string[] | null;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'] as const;

// The two routes that roll the die (game module); counted here so that the roll path stays untouched.
const ROLL_ROUTES = new Set(['/api/game/roll', '/api/dice-rolls/use']);

const digest = (value: string) => createHash('sha256').update(value).digest();

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Prometheus metrics at GET /metrics (text format): request rate and latency per route PATTERN (never
 * the raw URL, so ids and query strings cannot blow up the label set), rolls served, ledger postings
 * (lib/metrics.ts), database pool usage read at scrape time, and Node's process metrics with
 * event-loop lag. Served to loopback clients, or to anyone with the METRICS_TOKEN; everyone else gets
 * the same 404 as an unknown path, so the endpoint is not advertised.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  startProcessMetrics();
  const { registry } = opts;
  // Without TRUST_PROXY a proxy's forwarding headers are ignored, so every client behind it shares
  // one address (one lock-out, one rate limit for the whole site): counted, and said once in the log.
  let warned = false;
  if (!opts.trustProxy) {
    app.addHook('onRequest', (request, _reply, done) => {
      if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) {
        countUntrustedForwarded();
        if (!warned) {
          warned = true;
          request.log.warn(
            { remoteAddress: request.socket.remoteAddress },
            'a request carries X-Forwarded-For, X-Real-IP or Forwarded but TRUST_PROXY is unset: the headers are ignored and every client behind this proxy shares its address; set TRUST_PROXY to the proxy address',
          );
        }
      }
      done();
    });
  }
  if (opts.trustProxyList) watchForwardedCollapse(app, opts.trustProxyList);
  const requests = new Histogram({
    name: 'gogo_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const rolls = new Counter({
    name: 'gogo_rolls_served_total',
    help: 'Rolls answered 200 (POST /api/game/roll and its alias /api/dice-rolls/use).',
    registers: [registry],
  });
  const { database } = opts;
  new Gauge({
    name: 'gogo_db_pool_connections',
    help: 'Database connections by state (SQLite: its writer and reader connections).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'busy' }, stats.total - stats.idle);
    },
  });
  new Gauge({
    name: 'gogo_db_pool_waiting',
    help: 'Transactions waiting for a database connection (SQLite: for the writer).',
    registers: [registry],
    collect() {
      this.set(database.poolStats().waiting);
    },
  });
  new Gauge({
    name: 'gogo_db_info',
    help: 'The database engine this instance runs on (always 1).',
    labelNames: ['engine'] as const,
    registers: [registry],
    collect() {
      this.set({ engine: database.engine }, 1);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requests.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (status === 200 && request.method === 'POST' && ROLL_ROUTES.has(route)) rolls.inc();
    done();
  });

  // Node answers 408 itself when a request is not received within HTTP_REQUEST_TIMEOUT_MS.
  app.server.on('clientError', (err: { code?: string }) => {
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') countTimeout('request');
  });

  const tokenDigest = opts.token === null ? null : digest(`Bearer ${opts.token}`);
  function mayRead(request: FastifyRequest): boolean {
    const authorization = request.headers.authorization;
    if (tokenDigest !== null && authorization !== undefined && timingSafeEqual(digest(authorization), tokenDigest)) {
      return true;
    }
    // A request relayed by a local proxy arrives from loopback too: only a direct one counts.
    const h = request.headers;
    if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
    return isLoopback(request.socket.remoteAddress);
  }

  route(app, endpoints.ops.metrics, {
    handler: async (request, reply) => {
      if (!mayRead(request)) return reply.callNotFound();
      const text = (await processRegistry.metrics()) + (await registry.metrics());
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    },
  });
});
