import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export interface SpaOptions {
  distDir: string;
  /** Lets a later step rewrite the HTML per route (for example page metadata); identity by default. */
  renderHtml?: (html: string, url: string) => string;
}

/**
 * Serves the built client: hashed assets with a long cache, and index.html for any other non-/api
 * GET so that client-side routes survive a reload. Skipped when the client has not been built
 * (API tests).
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const indexFile = join(opts.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: opts.distDir }, 'client build not found: serving the API only');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const render = opts.renderHtml ?? ((html: string) => html);

  await app.register(fastifyStatic, {
    root: opts.distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The client build writes .br and .gz copies of its text assets (client/vite.config.ts).
    preCompressed: true,
    setHeaders(res, path) {
      res.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/api')) return;
    // The Prometheus endpoint (plugins/metrics.ts) is the server's, not a client route.
    if (url === '/metrics' || url.startsWith('/metrics?')) return;
    const path = url.split('?')[0] ?? '/';
    // Files (anything with an extension) are the static plugin's; everything else is a client route.
    if (/\.[a-z0-9]+$/i.test(path)) return;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(render(indexHtml, url));
  });
});
