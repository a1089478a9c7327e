import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, ProductionErrorCode } from '@gogo/shared/api';
import { errorTextByCode, productionText, serverText } from '@gogo/shared/messages';
import { AppError } from '../lib/errors.js';

function envelope(code: string, message: string, details?: unknown) {
  return { success: false as const, error: details === undefined ? { message, code } : { message, code, details } };
}

/**
 * One place turns every failure into the spec's envelope {success:false, error:{message, code, details}}.
 * Internals never leave the server: a 5xx says only "Server error" and is logged with the request id.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined) void reply.header('retry-after', String(error.retryAfterS));
      return reply.status(error.statusCode).send(envelope(error.code, error.message, error.details));
    }
    if (error.validation) {
      const details = error.validation.map((v) => ({
        field: (v.instancePath || `/${String((v.params as { missingProperty?: string }).missingProperty ?? '')}`)
          .replace(/^\//, '')
          .replaceAll('/', '.'),
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send(envelope(ErrorCode.VALIDATION_ERROR, serverText.validation, details));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(envelope(ErrorCode.RATE_LIMIT_EXCEEDED, errorTextByCode.RATE_LIMIT_EXCEEDED));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send(envelope(ProductionErrorCode.PAYLOAD_TOO_LARGE, productionText.payloadTooLarge));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(envelope('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON.'));
    }
    // Invalid or empty JSON bodies (and any other body-parsing failure) are one client error.
    if (error.code?.startsWith('FST_ERR_CTP_') || (status === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send(envelope(ErrorCode.MALFORMED_JSON, serverText.malformedJson));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(envelope(error.code ?? 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send(envelope(ErrorCode.INTERNAL_ERROR, serverText.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelope(ErrorCode.NOT_FOUND, `${serverText.notFound} ${request.method} ${request.url}`));
  });
});
