import type { FastifyInstance } from 'fastify';
import { countCollapsedForwarded } from '../lib/metrics.js';

/**
 * A TRUST_PROXY that is valid but wrong (it misses a hop: a load balancer in front of the proxy, or
 * the proxy's own address) makes every client resolve to one address, the untrusted hop's: rate limits
 * and lock-outs then treat all players as one. Seen from here, requests with many different
 * X-Forwarded-For chains all get the same client address. Each window of forwarded requests is
 * checked; a collapsed one is counted (gogo_forwarded_collapsed_requests_total) and logged, at most
 * once per LOG_EVERY_MS.
 */
export const COLLAPSE_WINDOW = 200;
/** Distinct forwarding chains in a window that should have given more than one client address. */
export const COLLAPSE_MIN_CHAINS = 20;
const LOG_EVERY_MS = 10 * 60_000;

export function watchForwardedCollapse(app: FastifyInstance, trustProxy: readonly string[]): void {
  let seen = 0;
  const chains = new Set<string>();
  const addresses = new Set<string>();
  let loggedAt = -Infinity;
  app.addHook('onRequest', (request, _reply, done) => {
    const forwarded = request.headers['x-forwarded-for'];
    if (forwarded === undefined) return done();
    seen += 1;
    if (chains.size < COLLAPSE_MIN_CHAINS) chains.add(String(forwarded));
    if (addresses.size < 2) addresses.add(request.ip);
    if (seen < COLLAPSE_WINDOW) return done();
    if (chains.size >= COLLAPSE_MIN_CHAINS && addresses.size === 1) {
      countCollapsedForwarded(seen);
      const now = Date.now();
      if (now - loggedAt >= LOG_EVERY_MS) {
        loggedAt = now;
        request.log.warn(
          { clientAddress: request.ip, remoteAddress: request.socket.remoteAddress, trustProxy },
          `${seen} requests with at least ${COLLAPSE_MIN_CHAINS} different X-Forwarded-For chains all resolved to one client address: TRUST_PROXY probably misses a proxy in front of this one, so every player shares one rate limit and lock-out`,
        );
      }
    }
    seen = 0;
    chains.clear();
    addresses.clear();
    done();
  });
}
