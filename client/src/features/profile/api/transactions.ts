import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TransactionsPage } from '@gogo/shared/api';
import * as credits from '@gogo/shared/api/endpoints/credits';
import { call } from '../../../lib/api/call';
import { useLiveStatus } from '../../../lib/realtime';
import { profileKeys } from './keys';

/** The profile asks for 50 at a time; "Load more" asks for the next 50. */
export const HISTORY_PAGE_SIZE = 50;

/** While a deposit or purchase waits for review, the history is read again this often. */
export const PENDING_POLL_MS = 20_000;

const waitsForReview = (pages: readonly TransactionsPage[] | undefined) =>
  (pages ?? []).some((p) =>
    p.transactions.some((t) => t.source === 'request' && t.status === 'pending' && t.type !== 'withdrawal'),
  );

export const fetchTransactions = (offset: number, limit = HISTORY_PAGE_SIZE) =>
  call(credits.transactions, { query: { limit, offset } });

export const transactionsQuery = () =>
  infiniteQueryOptions({
    queryKey: profileKeys.transactions,
    queryFn: ({ pageParam }) => fetchTransactions(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: TransactionsPage) => (last.hasMore ? last.offset + last.transactions.length : undefined),
    refetchInterval: (query) => (waitsForReview(query.state.data?.pages) ? PENDING_POLL_MS : false),
  });

/** A review is pushed (`transaction` events) while the socket is live; the pending poll is the fallback. */
export function useTransactions() {
  const live = useLiveStatus() === 'live';
  const query = transactionsQuery();
  return useInfiniteQuery(live ? { ...query, refetchInterval: false } : query);
}
