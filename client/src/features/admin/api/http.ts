import { errorText } from '@gogo/shared/messages';
import { api } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { session } from '../../../lib/session';

/**
 * Admin calls: the shared client sends the admin token for /admin paths. A 401 means the admin token
 * expired (8 hours) or was revoked: it is dropped, and the guard sends the admin back to /admin.
 */
async function guard<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && session.get().adminToken) session.setAdminToken(null);
    throw err;
  }
}

export const adminApi = {
  get: <T>(path: string) => guard(api.get<T>(`/admin${path}`)),
  post: <T>(path: string, body: object = {}) => guard(api.post<T>(`/admin${path}`, body)),
};

/** 'a=1&b=x' from an object, leaving out empty values. */
export function toQuery(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The text an admin sees when an action fails (spec section 8, admin actions): the server's message,
 * else the action's own fallback ('Failed to approve deposit', ...); a network failure is
 * 'Network error occurred'.
 */
export function adminErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.kind === 'network' || err.kind === 'timeout') return errorText.networkOccurred;
    if (err.kind === 'invalid-response') return fallback;
    return err.message.trim() || fallback;
  }
  return fallback;
}
