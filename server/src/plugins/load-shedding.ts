import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { ErrorCode } from '@gogo/shared/api';
import { serverText } from '@gogo/shared/messages';
import { AppError, retryAfter } from '../lib/errors.js';
import { countLoadShed } from '../lib/metrics.js';
import { answerRequestIds } from './request-id.js';
import type { LoadShedding } from '../settings/index.js';

/**
 * Routes served even under pressure: liveness and metrics (the operator must see an overloaded
 * instance, and a liveness probe must not restart it for being busy) and readiness (it answers for
 * the database; turning it off under load would only move the load onto the other instances).
 */
const EXEMPT = new Set(['/api/health', '/api/ready', '/metrics']);
const exempt = (request: FastifyRequest) => EXEMPT.has(request.routeOptions.url ?? '');

/** How often the event-loop delay and the heap are sampled (the delay is the mean over one interval). */
const SAMPLE_MS = 1_000;

/**
 * Load shedding by @fastify/under-pressure: once the mean event-loop delay of the last second or the
 * heap in use passes its limit, every request but the exempt ones is answered 503
 * SERVICE_UNAVAILABLE in the envelope with Retry-After, before any work is done for it, so that the
 * requests the instance does take keep their latency and the client (or the proxy's other
 * instance) tries again.
 */
export const loadSheddingPlugin = fp(async (app: FastifyInstance, opts: LoadShedding) => {
  // Starting blocks the event loop (modules, migrations, listen): the samples that cover it say
  // nothing of the load, so shedding waits until two samples after the app is ready.
  let armedAt = Infinity;
  app.addHook('onReady', async () => {
    armedAt = Date.now() + 2 * SAMPLE_MS;
  });
  await app.register(underPressure, {
    sampleInterval: SAMPLE_MS,
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    maxHeapUsedBytes: opts.maxHeapUsedMb * 1024 * 1024,
    retryAfter: opts.retryAfterS,
    pressureHandler: (request, _reply, type) => {
      if (exempt(request) || Date.now() < armedAt) return undefined;
      countLoadShed(type);
      request.log.warn({ reason: type }, 'under pressure: request shed with 503');
      const err = retryAfter(
        new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, serverText.unavailable),
        opts.retryAfterS * 1000,
      );
      return Promise.reject(err);
    },
  });
});

/** What every request meets first: its id on the answer, then load shedding when configured. */
export async function registerFrontDoor(app: FastifyInstance, loadShedding: LoadShedding | undefined) {
  answerRequestIds(app);
  if (loadShedding) await app.register(loadSheddingPlugin, loadShedding);
}
