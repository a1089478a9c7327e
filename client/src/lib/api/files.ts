import type { Endpoint, EndpointBody, EndpointData, EndpointParams } from '@gogo/shared/api/endpoint';
import { errorText } from '@gogo/shared/messages';
import { session } from '../session';
import { urlOf, type CallArgs, type CallOptions, type CallRest, type Field } from './call';
import { send } from './client';
import { ApiError } from './errors';

// Calls whose body or answer is a file, beside ./call.ts so that only the screens using them (the
// account settings) carry them.

/** The fields of a multipart form, one per property of the entry's body. */
export type MultipartFields<E extends Endpoint> = {
  [K in keyof NonNullable<EndpointBody<E>>]?: Blob | string;
};

export type MultipartArgs<E extends Endpoint> = Field<'params', EndpointParams<E>> & {
  form: MultipartFields<E>;
} & CallOptions;

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
