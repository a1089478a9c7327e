import type { Static, TObject, TSchema } from 'typebox';

/**
 * One entry of the endpoint table (shared/src/api/endpoints): everything the server registers for a
 * route except its handler and hooks, and everything a client needs to call it. The server builds the
 * route's Fastify schema and its auth preHandler from the entry (server/src/lib/route.ts); the OpenAPI
 * document is generated from those schemas. This module holds types and one identity function only,
 * so that it costs nothing in a client bundle.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, a player token, an admin token (which also passes the admin 2FA gate). */
export type EndpointAuth = 'none' | 'player' | 'admin';

/** Statuses answered with the error envelope when an entry does not list its own. */
export const STANDARD_ERROR_STATUSES = [400, 401, 403, 404, 409, 422, 423, 429, 500] as const;

/** The `:name` parameters of a path, as a union of their names (never without any). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Shown by the compiler when a params schema does not name exactly the path's parameters. */
export interface ParamsMustNameThePathParameters<Path extends string> {
  readonly pathParameters: PathParamNames<Path>;
}

type ParamsField<P extends string, S> = [PathParamNames<P>] extends [never]
  ? { params?: undefined }
  : {
      params: S extends TObject
        ? [keyof S['properties']] extends [PathParamNames<P>]
          ? [PathParamNames<P>] extends [keyof S['properties']]
            ? S
            : ParamsMustNameThePathParameters<P>
          : ParamsMustNameThePathParameters<P>
        : ParamsMustNameThePathParameters<P>;
    };

export interface EndpointBase<M extends HttpMethod = HttpMethod, P extends string = string> {
  method: M;
  /** Fastify path syntax, e.g. '/api/admin/users/:userId'. */
  path: P;
  auth: EndpointAuth;
  summary: string;
  description?: string;
  tags: readonly string[];
  query?: TSchema;
  body?: TSchema;
  /** The success answer (the envelope, as the route sends it); absent for an answer that is not described
   * (the OpenAPI document itself, the Prometheus scrape). */
  response?: TSchema;
  /** Status of the success answer (default 200): 201 for creations, 101 for the socket upgrade. */
  status?: 101 | 200 | 201;
  /** Further success answers beside `status` (e.g. a friend request answers 200 or 201). */
  alsoAnswers?: Readonly<Record<number, TSchema>>;
  /** Statuses answered with the error envelope (default STANDARD_ERROR_STATUSES). */
  errors?: readonly number[];
  /** Left out of the OpenAPI document (the document itself, the metrics scrape). */
  hidden?: boolean;
  /** The body is multipart/form-data (the avatar upload). */
  multipart?: boolean;
  /** Media types of a non-JSON answer (robots.txt, sitemap.xml). */
  produces?: readonly string[];
}

/** An entry as the table stores it. */
export type Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> = EndpointBase<M, P> & {
  params?: TSchema;
};

/**
 * Declares an entry. The path's `:name` parameters and the params schema's keys must match (a
 * compile error otherwise); the entry is returned as given, with its literal types kept so that a
 * client derives its argument and answer types from it (EndpointParams, EndpointAnswer, ...).
 */
export function endpoint<const E extends Endpoint>(entry: E & ParamsField<E['path'], E['params']>): E {
  return entry;
}

type StaticOr<S, Otherwise> = S extends TSchema ? Static<S> : Otherwise;

/** The path parameters a call fills in (undefined for a path without any). */
export type EndpointParams<E extends Endpoint> = StaticOr<E['params'], undefined>;
/** The querystring a call may send. */
export type EndpointQuery<E extends Endpoint> = StaticOr<E['query'], undefined>;
/** The JSON body a call sends. */
export type EndpointBody<E extends Endpoint> = StaticOr<E['body'], undefined>;
/** The success answer: the whole envelope. */
export type EndpointAnswer<E extends Endpoint> = StaticOr<E['response'], unknown>;
/** The `data` of the success envelope. */
export type EndpointData<E extends Endpoint> = EndpointAnswer<E> extends { data: infer D } ? D : never;

/** A path with its parameters filled in (encoded), e.g. ('/api/user/:id', {id: 7}) -> '/api/user/7'. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
