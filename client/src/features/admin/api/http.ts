import { errorText } from '@gogo/shared/messages';
import { ApiError } from '../../../lib/api/errors';

/**
 * The text an admin sees when an action fails (texts in shared/src/messages/index.ts): the server's message,
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
