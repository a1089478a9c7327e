import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import type { WebSocket } from 'ws';
import { ErrorBody, ErrorCode } from '@gogo/shared/api';
import { STANDARD_ERROR_STATUSES, type Endpoint } from '@gogo/shared/api/endpoint';
import { operationIds } from '@gogo/shared/api/endpoints';
import { AppError } from './errors.js';

/**
 * Registers a route from its entry of the endpoint table (shared/src/api/endpoints): the Fastify
 * schema (validation, serialisation and the OpenAPI document) and the auth preHandler come from the
 * entry; the routes file gives only what the table cannot hold: the handler and its hooks.
 */

type SchemaPart<S> = S extends TSchema ? S : undefined;

/** The Fastify schema an entry gives its route, as a type (so that handlers are typed from it). */
export interface RouteSchemaOf<E extends Endpoint> {
  params: SchemaPart<E['params']>;
  querystring: SchemaPart<E['query']>;
  body: SchemaPart<E['body']>;
  response: E['response'] extends TSchema
    ? Record<E['status'] extends 101 | 201 ? E['status'] : 200, E['response']> & AlsoAnswers<E['alsoAnswers']>
    : Record<never, never>;
}

type AlsoAnswers<A> = A extends Readonly<Record<number, TSchema>> ? A : Record<never, never>;

type RouteHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<E>,
  TypeBoxTypeProvider,
  FastifyBaseLogger
>;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | void;

export interface RouteOptions<E extends Endpoint> {
  handler: RouteHandler<E>;
  onRequest?: Hook;
  preValidation?: Hook;
  /** Route config (rate limits): read by @fastify/rate-limit's onRoute hook. */
  config?: Record<string, unknown>;
  /** The text of a 401 UNAUTHORIZED (no or malformed token) when it differs from the usual one. */
  unauthorizedText?: string;
  /**
   * A player route whose handler checks the token version (and moves the presence) in its own
   * transaction, with request.playerSession (requirePlayerInHandler): one transaction per request.
   */
  tokenCheckedInHandler?: boolean;
  /** The socket handler of a WebSocket route (@fastify/websocket). */
  wsHandler?: (socket: WebSocket, request: FastifyRequest) => void;
}

/** The Fastify route schema of an entry: only the parts it has (the compiled-schema cache keys on its JSON). */
export function routeSchema(entry: Endpoint): Record<string, unknown> {
  const response: Record<number, unknown> = {};
  if (entry.response) response[entry.status ?? 200] = entry.response;
  for (const [status, schema] of Object.entries(entry.alsoAnswers ?? {})) response[Number(status)] = schema;
  for (const status of entry.errors ?? STANDARD_ERROR_STATUSES) response[status] = ErrorBody;
  const schema: Record<string, unknown> = { tags: [...entry.tags], summary: entry.summary };
  const operationId = operationIds.get(entry);
  if (operationId !== undefined) schema.operationId = operationId;
  // An entry whose summary says it all is described by its summary (every operation has a description).
  schema.description = entry.description ?? entry.summary;
  if (entry.auth !== 'none') schema.security = [{ [entry.auth === 'admin' ? 'adminToken' : 'playerToken']: [] }];
  if (entry.hidden) schema.hide = true;
  if (entry.multipart) schema.consumes = ['multipart/form-data'];
  if (entry.produces) schema.produces = [...entry.produces];
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  if (Object.keys(response).length > 0) schema.response = response;
  return schema;
}

/** The preHandler of an entry's auth: requirePlayer or requireAdmin (which runs the admin 2FA gate). */
function guardOf(app: FastifyInstance, entry: Endpoint, unauthorizedText: string | undefined, inHandler: boolean) {
  if (entry.auth === 'none') return undefined;
  if (inHandler && entry.auth !== 'player') {
    throw new Error(`${entry.path}: only player routes check the token in their handler`);
  }
  const guard = entry.auth === 'admin' ? app.requireAdmin : inHandler ? app.requirePlayerInHandler : app.requirePlayer;
  if (unauthorizedText === undefined) return guard;
  return async function guardWithText(request: FastifyRequest) {
    try {
      await guard(request);
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.UNAUTHORIZED) {
        throw new AppError(401, ErrorCode.UNAUTHORIZED, unauthorizedText);
      }
      throw err;
    }
  };
}

export function route<E extends Endpoint>(app: FastifyInstance, entry: E, options: RouteOptions<E>): void {
  const { handler, unauthorizedText, tokenCheckedInHandler, ...hooks } = options;
  const preHandler = guardOf(app, entry, unauthorizedText, tokenCheckedInHandler === true);
  app.route({
    method: entry.method,
    url: entry.path,
    schema: routeSchema(entry),
    ...(preHandler ? { preHandler } : {}),
    ...hooks,
    handler: handler as never,
  });
}

/** The success envelope, with the message some answers of the spec carry. */
export const ok = <T>(data: T, message?: string): { success: true; data: T; message?: string } =>
  message === undefined ? { success: true as const, data } : { success: true as const, data, message };
