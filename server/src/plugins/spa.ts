import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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
      // The service worker and the manifest are re-read on every visit so an update lands at once.
      const fresh = /(?:^|\/)(?:sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/.test(path);
      res.header(
        'Cache-Control',
        fresh ? 'no-cache' : path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      if (path.endsWith('.webmanifest')) res.header('Content-Type', 'application/manifest+json; charset=utf-8');
    },
  });

  // Callback style (no promise per request); a request it answers does not go on (no done).
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/api')) return done();
    // The Prometheus endpoint (plugins/metrics.ts) is the server's, not a client route.
    if (url === '/metrics' || url.startsWith('/metrics?')) return done();
    const path = url.split('?')[0] ?? '/';
    // Files (anything with an extension) are the static plugin's; everything else is a client route.
    if (/\.[a-z0-9]+$/i.test(path)) return done();
    const html = render(indexHtml, url);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) reply.send(html);
    else reply.header('Content-Encoding', encoding).send(compressed(html, encoding));
  });
});

/** 'br', else 'gzip', when the client takes it (a q=0 refuses); null for plain text. */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * The pages are a handful of texts (one per route, see modules/site/html.ts), each compressed once:
 * the HTML carries the prerendered landing and its styles, 60 KB that slow 4G would take as it is.
 */
const compressedPages = new Map<string, Buffer>();
function compressed(html: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}\u0000${html}`;
  let body = compressedPages.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(html, { level: 9 });
    if (compressedPages.size >= 64) compressedPages.clear(); // bounded: pages are few
    compressedPages.set(key, body);
  }
  return body;
}
