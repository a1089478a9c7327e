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
  if (!carriesRequestId(body)) return exchange<T>(method, url, body, opts);
  // A write that carries a requestId is safe to send again with the same id (the server answers the
  // first outcome, or spends once): while instances restart, a 502/503 or a dropped connection is
  // retried after a short pause, and the player sees only the answer.
  for (let attempt = 0; ; attempt++) {
    try {
      return await exchange<T>(method, url, body, opts);
    } catch (err) {
      const pause = retryPause(err, attempt);
      if (pause === null || opts.signal?.aborted) throw err;
      await sleep(pause, opts.signal);
      if (opts.signal?.aborted) throw err;
    }
  }
}

/** Retries of one idempotent write after its first attempt, and the pause before each (ms, doubled). */
export const IDEMPOTENT_RETRIES = 4;
const FIRST_PAUSE_MS = 250;
/** The server's Retry-After is honoured up to this (a pause longer than this reads as a hang). */
const MAX_PAUSE_MS = 2_000;

function carriesRequestId(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !(body instanceof FormData) && 'requestId' in body
    ? typeof (body as { requestId?: unknown }).requestId === 'string'
    : false;
}

/** How long to wait before the next attempt, or null when the failure is an answer (or retries are spent). */
function retryPause(err: unknown, attempt: number): number | null {
  if (!(err instanceof ApiError) || attempt >= IDEMPOTENT_RETRIES) return null;
  const passing = err.kind === 'network' || err.status === 502 || err.status === 503;
  if (!passing) return null;
  const backoff = FIRST_PAUSE_MS * 2 ** attempt;
  const jitter = Math.random() * FIRST_PAUSE_MS;
  return Math.min(MAX_PAUSE_MS, Math.max(backoff, (err.retryAfterS ?? 0) * 1000) + jitter);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** One request and its answer. */
async function exchange<T>(method: HttpMethod, url: string, body: unknown, opts: SendOptions): Promise<T> {
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
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterS = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  if (!envelope || typeof envelope !== 'object' || !('success' in envelope)) {
    if (!response.ok) {
      throw new ApiError(
        response.statusText || errorText.fallback,
        response.status,
        null,
        undefined,
        'http',
        retryAfterS,
      );
    }
    throw new ApiError(errorText.invalidResponse, response.status, null, undefined, 'invalid-response');
  }
  if (!envelope.success || !response.ok) {
    const error = envelope.success ? { message: response.statusText, code: null, details: undefined } : envelope.error;
    throw new ApiError(error.message, response.status, error.code ?? null, error.details, 'http', retryAfterS);
  }
  return envelope.data;
}
