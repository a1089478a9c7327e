import type { FastifyRequest } from 'fastify';

/**
 * preValidation for POST/PUT routes whose body is optional (the spec's POST /dice-rolls/use has
 * none): a request without a body is validated as `{}` instead of failing "must be object".
 */
export async function optionalBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}
