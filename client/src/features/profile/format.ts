import { errorText } from '@gogo/shared/messages';
import { ApiError } from '../../lib/api/errors';

export { formatCount as formatInt } from '@gogo/shared/messages';
export { formatUsd } from '../../lib/plainFormat';

const isNetwork = (err: unknown) => err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout');
const serverMessage = (err: unknown) => (err instanceof ApiError && err.status !== null ? err.message.trim() : '');

/** The server's message after a cross mark, or the fallback; a network failure has its own text. */
export function depositErrorText(err: unknown): string {
  if (isNetwork(err)) return errorText.depositNetwork;
  return `❌ ${serverMessage(err) || errorText.depositFailed}`;
}

/** The server's message, or 'Failed to submit withdrawal request.'. */
export function withdrawalErrorText(err: unknown): string {
  return serverMessage(err) || errorText.withdrawalFailed;
}

/** The server's message, or 'Failed to apply code'. */
export function referralErrorText(err: unknown): string {
  return serverMessage(err) || errorText.referralFailed;
}

const WEEK_MS = 7 * 86_400_000;

/** History time: the age for the last week ('5m ago'), the date after that. */
export function ageOrDate(age: string, timestamp: number, now: number): string {
  if (now - timestamp < WEEK_MS) return `${age} ago`;
  return new Date(timestamp).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
