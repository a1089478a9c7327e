import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@gogo/shared/api';
import { treasuryReadText } from '@gogo/shared/messages';
import { AppError } from '../lib/errors.js';
import { DEFAULT_READS_PER_MINUTE } from '../settings/index.js';

/**
 * A per-player limit on every GET a player makes (READ_RATE_LIMIT_PER_PLAYER, 600 a minute by
 * default): far above what playing asks (the game reads a few times per roll, a roll a second at
 * most), so only a script reaches it. It counts in the shared store through @fastify/rate-limit, so
 * it holds across instances, and answers 429 with Retry-After. Like the write limit it must be
 * registered BEFORE @fastify/rate-limit and runs as a preHandler, after the route's player check;
 * requests without a player (public pages, admin reads) are not counted. A route with a rate limit
 * of its own keeps it.
 */
export const playerReadLimitPlugin = fp(async (app: FastifyInstance, opts: { perMinute?: number }) => {
  const max = opts.perMinute ?? DEFAULT_READS_PER_MINUTE;
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const config = route.config as { rateLimit?: unknown } | undefined;
    if (!methods.includes('GET') || config?.rateLimit !== undefined) return;
    route.config = {
      ...(route.config as object),
      rateLimit: {
        max,
        timeWindow: 60_000,
        hook: 'preHandler',
        allowList: (request: FastifyRequest) => !(request.playerId > 0),
        keyGenerator: (request: FastifyRequest) => `player-read:${request.playerId}`,
        errorResponseBuilder: () => new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, treasuryReadText.readRateLimit),
      },
    } as typeof route.config;
  });
});
