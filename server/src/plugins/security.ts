import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A strict Content-Security-Policy that the built client satisfies: scripts and styles only from our
 * own origin (no inline script anywhere), images and audio from our origin or generated in-page.
 * Tokens live in browser storage (spec), so keeping injected script out is the line of defence.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      manifestSrc: ["'self'"],
    },
  },
  // The app is served over plain HTTP on localhost by default; HSTS belongs to the TLS proxy.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/** Runs helmet once against a recording response and keeps the headers it set. */
export function computeSecurityHeaders(
  options: HelmetOptions = HELMET_OPTIONS,
  /** 'sha256-...' sources of the inline styles and scripts the server itself writes into pages. */
  inline: { styles?: readonly string[]; scripts?: readonly string[] } = {},
): Readonly<Record<string, string>> {
  const csp = options.contentSecurityPolicy;
  if (csp && csp !== true && (inline.styles?.length || inline.scripts?.length)) {
    const directives = csp.directives ?? {};
    const styleSrc = (directives.styleSrc ?? ["'self'"]) as string[];
    const scriptSrc = (directives.scriptSrc ?? ["'self'"]) as string[];
    options = {
      ...options,
      contentSecurityPolicy: {
        ...csp,
        directives: {
          ...directives,
          styleSrc: [...styleSrc, ...(inline.styles ?? [])],
          scriptSrc: [...scriptSrc, ...(inline.scripts ?? [])],
        },
      },
    };
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/**
 * The headers are the same for every answer (no per-request nonces), so they are computed once here
 * instead of by @fastify/helmet, which rebuilds helmet's middleware on every request (profiling put that at
 * 3-4% of a roll). A route may still replace one (the avatar files' sandboxing CSP).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { styleHashes?: readonly string[]; scriptHashes?: readonly string[] }) => {
    const headers = computeSecurityHeaders(HELMET_OPTIONS, { styles: opts.styleHashes, scripts: opts.scriptHashes });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
);
