import type { SearchResult } from '@gogo/shared/api';

/**
 * A search answer is a snapshot; the friend list and the requests are kept live (pushed, or polled
 * without the socket). A result's action follows them: once a friend accepts, the row says Friends
 * instead of still offering to cancel a request that is gone.
 */
export function liveResult(
  result: SearchResult,
  friendIds: ReadonlySet<number> | null,
  pendingIds: ReadonlySet<number> | null,
): SearchResult {
  if (friendIds?.has(result.id)) return { ...result, isFriend: true, friendRequest: null };
  if (result.friendRequest && pendingIds && !pendingIds.has(result.friendRequest.id)) {
    return { ...result, friendRequest: null };
  }
  return result;
}
