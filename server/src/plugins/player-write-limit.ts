import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@gogo/shared/api';
import { inputRuleText } from '@gogo/shared/messages';
import { AppError } from '../lib/errors.js';

/** The write routes a player could flood: money requests and friend requests. */
export const PLAYER_WRITE_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/credits/deposit-request',
  'POST /api/dice-rolls/purchase-request',
  'POST /api/credits/withdrawal-request',
  'POST /api/credits/withdraw-request',
  'POST /api/user/friend-request',
]);

/**
 * A per-player limit on those routes through @fastify/rate-limit (so it counts in the shared store
 * across instances). It must be registered BEFORE @fastify/rate-limit: its onRoute hook gives each
 * route the limit that the plugin's own onRoute hook then installs. The limit runs as a preHandler,
 * after the route's player check, so that it is keyed by the player and not by the address.
 */
export const playerWriteLimitPlugin = fp(async (app: FastifyInstance, opts: { perMinute: number }) => {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => PLAYER_WRITE_ROUTES.has(`${m} ${route.url}`))) return;
    route.config = {
      ...(route.config as object),
      rateLimit: {
        max: opts.perMinute,
        timeWindow: 60_000,
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `player:${request.playerId}`,
        errorResponseBuilder: () => new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, inputRuleText.writeRateLimit),
      },
    } as typeof route.config;
  });
});
