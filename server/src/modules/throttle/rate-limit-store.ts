import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Clock } from '../../lib/clock.js';
import type { Counters } from './counters.js';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin really passes to child(): the route's merged limit params with the route itself. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}
type ChildArgument = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A store for @fastify/rate-limit over the shared Counters, so that the per-IP limits of the auth
 * routes hold across instances (the plugin's default store is one process's memory). The plugin
 * builds it with `new Store(params)` and asks for a child per rate-limited route: each route counts
 * in its own namespace, like the plugin's own stores do.
 */
export function counterRateLimitStore(counters: Counters, clock: Clock) {
  return class CounterRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _params: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock();
      counters.hit(`${this.prefix}${key}`, timeWindow, now).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** Reads the key's window without counting a hit (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      const now = clock();
      counters.window(`${this.prefix}${key}`, now).then(
        (w) => callback(null, { current: w?.count ?? 0, ttl: w ? Math.max(0, w.resetAt - now) : 0 }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: ChildArgument): CounterRateLimitStore {
      const { routeInfo } = routeOptions as unknown as RouteParams;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new CounterRateLimitStore(routeOptions, `rl:${method}:${routeInfo?.url ?? ''}:`);
    }
  };
}
