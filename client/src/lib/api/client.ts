import type { ApiEnvelope } from '@gogo/shared/api';
import type { EndpointAuth, HttpMethod } from '@gogo/shared/api/endpoint';
import { errorText } from '@gogo/shared/messages';
import { session } from '../session';
import { deviceId } from '../device-id';
import { ApiError } from './errors';

const DEFAULT_TIMEOUT_MS = 15_000;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export interface SendOptions extends RequestOptions {
  /** Whose token goes with the call: the entry's `auth` (none sends no token). */
  auth: EndpointAuth;
}

let onUnauthorized: () => void = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The router installs a navigate-based handler so that a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/**
 * The one HTTP exchange under `call` (./call.ts): bearer token by the entry's auth, X-Device-Id, JSON
 * envelope parsing, timeouts and the session rules of a 401: on a player call the session ends; on
 * an admin call the admin token (8 hours, or revoked) is dropped and the back office's guard sends
 * the admin back to /admin.
 */
export async function send<T>(method: HttpMethod, url: string, body: unknown, opts: SendOptions): Promise<T> {
  const { token, adminToken } = session.get();
  const bearer = opts.auth === 'admin' ? adminToken : opts.auth === 'player' ? token : null;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const device = deviceId();
  if (!/^0x0+$/.test(device)) headers['X-Device-Id'] = device; // not when storage is off (every such id is the same)

  const controller = new AbortController();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  opts.signal?.addEventListener('abort', abortFromCaller);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (err) {
    if (timedOut) throw new ApiError(errorText.timeout, null, null, undefined, 'timeout');
    if (opts.signal?.aborted) throw err;
    throw new ApiError(errorText.connection, null, null, undefined, 'network');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', abortFromCaller);
  }

  let envelope: ApiEnvelope<T> | null = null;
  try {
    envelope = (await response.json()) as ApiEnvelope<T>;
  } catch {
    envelope = null;
  }

  // A 401 ends the session whose token it refused, and only while that session is the current one: a
  // call still in flight when the player logged out (or in as someone else) answers 401 for a token
  // already left behind, and must not send the player to "your session has ended".
  if (response.status === 401 && bearer) {
    if (opts.auth === 'player' && session.get().token === bearer) {
      session.signOut();
      onUnauthorized();
    } else if (opts.auth === 'admin' && session.get().adminToken === bearer) {
      session.setAdminToken(null);
    }
  }
  if (!envelope || typeof envelope !== 'object' || !('success' in envelope)) {
    if (!response.ok) {
      throw new ApiError(response.statusText || errorText.fallback, response.status, null);
    }
    throw new ApiError(errorText.invalidResponse, response.status, null, undefined, 'invalid-response');
  }
  if (!envelope.success || !response.ok) {
    const error = envelope.success ? { message: response.statusText, code: null, details: undefined } : envelope.error;
    throw new ApiError(error.message, response.status, error.code ?? null, error.details);
  }
  return envelope.data;
}
