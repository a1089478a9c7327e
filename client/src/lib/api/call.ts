import type { Endpoint, EndpointBody, EndpointData, EndpointParams, EndpointQuery } from '@gogo/shared/api/endpoint';
import { fillPath } from '@gogo/shared/api/endpoint';
import { errorText } from '@gogo/shared/messages';
import { session } from '../session';
import { send, type RequestOptions } from './client';
import { ApiError } from './errors';

/** What a call may say besides the entry's own fields. */
export type CallOptions = RequestOptions;

type QueryValue = string | number | boolean | null | undefined;

// A field is required only when the entry has it and its schema requires something in it.
type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : {} extends T ? { [P in K]?: T } : { [P in K]: T };

/** The argument of `call(entry, args)`: params, query and body typed from the entry, plus options. */
export type CallArgs<E extends Endpoint> = Field<'params', EndpointParams<E>> &
  Field<'query', EndpointQuery<E>> &
  Field<'body', EndpointBody<E>> &
  CallOptions;

/** `args` may be left out when nothing in it is required. */
export type CallRest<A> = {} extends A ? [args?: A] : [args: A];

/** The fields of a multipart form, one per property of the entry's body. */
export type MultipartFields<E extends Endpoint> = {
  [K in keyof NonNullable<EndpointBody<E>>]?: Blob | string;
};

export type MultipartArgs<E extends Endpoint> = Field<'params', EndpointParams<E>> & { form: MultipartFields<E> } & CallOptions;

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

/** `call` for an entry whose body is multipart/form-data (the avatar upload): the form's fields by name. */
export function callMultipart<E extends Endpoint & { multipart: true }>(
  entry: E,
  args: MultipartArgs<E>,
): Promise<EndpointData<E>> {
  const { params, form, ...options } = args as MultipartArgs<Endpoint>;
  const data = new FormData();
  for (const [name, value] of Object.entries(form as Record<string, Blob | string | undefined>)) {
    if (value !== undefined) data.append(name, value);
  }
  return send<EndpointData<E>>(entry.method, urlOf(entry, { params }), data, { ...options, auth: entry.auth });
}

/**
 * For an answer that is a file, not an envelope (the data export): the response, once it is a
 * success; a failure is an ApiError from the error envelope, as for `call`.
 */
export async function callForFile<E extends Endpoint>(entry: E, ...[args]: CallRest<CallArgs<E>>): Promise<Response> {
  const { params, query } = (args ?? {}) as CallArgs<Endpoint>;
  const { token, adminToken } = session.get();
  const bearer = entry.auth === 'admin' ? adminToken : entry.auth === 'player' ? token : null;
  let response: Response;
  try {
    response = await fetch(urlOf(entry, { params, query }), {
      method: entry.method,
      headers: { Accept: 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    });
  } catch {
    throw new ApiError(errorText.connection, null, null, undefined, 'network');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message: string; code: string } } | null;
    throw new ApiError(body?.error?.message ?? response.statusText, response.status, body?.error?.code ?? null);
  }
  return response;
}
