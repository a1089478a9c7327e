import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * An id a proxy may hand us: nginx's `$request_id` is 32 hex digits, others send UUIDs or their own
 * tokens. Letters, digits and `-_.:` only, at most 128 characters: anything else (a log-injection
 * attempt, a megabyte of header) is replaced by an id of our own rather than refused.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the proxy's `X-Request-Id` when sane, else a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Every answer names its request (`X-Request-Id`), errors and 404s included, as its log lines do. */
export function answerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
