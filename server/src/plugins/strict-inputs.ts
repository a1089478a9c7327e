import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, RiskErrorCode } from '@gogo/shared/api';
import { inputRuleText } from '@gogo/shared/messages';
import { compileSerializer, compileValidator, type ValidatorArgs } from './schema-compilers.js';

/** A registered route and the schemas that validate its parts. */
export interface RouteEntry {
  method: string;
  url: string;
  websocket: boolean;
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    security?: Record<string, string[]>[];
    hide?: boolean;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Fastify's own answers to a path it cannot route (a bad %-escape: FST_ERR_BAD_URL; a path parameter
 * over maxParamLength: FST_ERR_MAX_PARAM_LENGTH) bypass the error handler; this puts them in the
 * envelope (the Fastify option `frameworkErrors`, set in app.ts).
 */
export function frameworkErrors(error: { code?: string }, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send({ success: false, error: { message: inputRuleText.uriTooLong, code: RiskErrorCode.URI_TOO_LONG } });
  }
  return reply
    .status(400)
    .send({ success: false, error: { message: inputRuleText.badUrl, code: ErrorCode.VALIDATION_ERROR } });
}

/** Longest URL (path and query) the API reads; longer ones are 414 in the envelope. */
export const MAX_URL_LENGTH = 2048;

type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/** The first key of a (coerced) querystring or params object that holds Infinity or NaN. */
function nonFiniteKey(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'number' && !Number.isFinite(value)) return key;
  }
  return null;
}

/**
 * Ajv coerces the string "1e400" to Infinity and lets it through a number's `maximum`; a number read
 * from a querystring or a path must be finite, so such a value fails like any other invalid one.
 */
function finiteOnly(validate: Validator): Validator {
  const wrapped: Validator = (data: unknown) => {
    const ok = validate(data);
    const key = ok ? nonFiniteKey(data) : null;
    wrapped.errors = key
      ? [
          {
            instancePath: `/${key}`,
            message: 'must be a finite number',
            keyword: 'finite',
            params: {},
            schemaPath: '#',
          },
        ]
      : validate.errors;
    return ok && key === null;
  };
  return wrapped;
}

/**
 * Strict inputs. Request bodies are JSON and keep their types: Fastify's default Ajv coerces
 * (`true`, `[100]`, `"0x64"` and `"1e3"` all pass as the number 100 or 1000), so bodies get an Ajv without
 * coercion. Querystrings, params and headers are strings on the wire and keep Fastify's coercion.
 * Also: an over-long URL is refused with 414 before routing, and a multipart request without a
 * boundary with 400 before the multipart parser sees it.
 */
export const strictInputsPlugin = fp(async (app: FastifyInstance) => {
  // The route table with each route's schemas: the fuzz test (server/test/fuzz.test.ts) walks it.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as RouteEntry['schema'];
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        schema,
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    }
  });
  // Compiled once per process and schema (schema-compilers.ts): every app the tests build reuses them.
  app.setValidatorCompiler((args: ValidatorArgs) => {
    const shared = app.getSchemas();
    return args.httpPart === 'body'
      ? (compileValidator('body', shared, args) as Validator)
      : finiteOnly(compileValidator('other', shared, args) as Validator);
  });
  app.setSerializerCompiler((args) => compileSerializer(args) as (data: unknown) => string);

  // Callback style: every request passes here, and a hook that returns a promise costs each one a
  // promise and a microtask. A hook that answers does not call done (Fastify stops at a sent reply).
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) {
      reply
        .status(414)
        .send({ success: false, error: { message: inputRuleText.uriTooLong, code: RiskErrorCode.URI_TOO_LONG } });
      return;
    }
    const type = request.headers['content-type'];
    if (typeof type === 'string' && /^\s*multipart\//i.test(type) && !/;\s*boundary=\S/i.test(type)) {
      reply.status(400).send({
        success: false,
        error: { message: inputRuleText.multipartBoundary, code: RiskErrorCode.INVALID_MULTIPART },
      });
      return;
    }
    done();
  });
});
