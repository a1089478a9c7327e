import type { Endpoint, EndpointBody, EndpointData, EndpointParams, EndpointQuery } from '@gogo/shared/api/endpoint';
import { fillPath } from '@gogo/shared/api/endpoint';
import { send, type RequestOptions } from './client';

/** What a call may say besides the entry's own fields. */
export type CallOptions = RequestOptions;

type QueryValue = string | number | boolean | null | undefined;

/** The object with no fields: `Nothing extends T` holds when every field of T is optional. */
type Nothing = Record<never, never>;

// A field is required only when the entry has it and its schema requires something in it.
export type Field<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Nothing extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** The argument of `call(entry, args)`: params, query and body typed from the entry, plus options. */
export type CallArgs<E extends Endpoint> = Field<'params', EndpointParams<E>> &
  Field<'query', EndpointQuery<E>> &
  Field<'body', EndpointBody<E>> &
  CallOptions;

/** `args` may be left out when nothing in it is required. */
export type CallRest<A> = Nothing extends A ? [args?: A] : [args: A];

/** '?a=1&b=x' from a query object, leaving out empty values (undefined, null, ''); '' when none is left. */
export function toQueryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of one call: the entry's path with its parameters filled in (encoded), then the query. */
export function urlOf(entry: Endpoint, args: { params?: unknown; query?: unknown } = {}): string {
  const params = args.params as Readonly<Record<string, string | number>> | undefined;
  return fillPath(entry.path, params) + toQueryString(args.query as Readonly<Record<string, QueryValue>> | undefined);
}

// A POST, PUT or PATCH without a body sends `{}`: the JSON routes expect an object.
const sendsBody = (entry: Endpoint) => entry.method !== 'GET' && entry.method !== 'DELETE';

/**
 * Calls one route of the endpoint table (shared/src/api/endpoints) and answers the `data` of its
 * success envelope. Its path, method and auth come from the entry; params, query and body are typed
 * from the entry's schemas, and the answer from its response schema, so that no call site writes a
 * URL or an answer type. Failures are ApiError (./errors.ts).
 *
 *   const state = await call(game.gameState, { signal });
 *   await call(friends.respondFriendRequest, { params: { id }, body: { response: 'accept' } });
 */
export function call<E extends Endpoint>(entry: E, ...[args]: CallRest<CallArgs<E>>): Promise<EndpointData<E>> {
  const { params, query, body, ...options } = (args ?? {}) as CallArgs<Endpoint>;
  return send<EndpointData<E>>(
    entry.method,
    urlOf(entry, { params, query }),
    body ?? (sendsBody(entry) ? {} : undefined),
    { ...options, auth: entry.auth },
  );
}
