import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AllTransactionsQuery } from '@gogo/shared/api';
import type { EndpointBody } from '@gogo/shared/api/endpoint';
import * as adminMoney from '@gogo/shared/api/endpoints/admin-money';
import { call } from '../../../lib/api/call';
import { useLivePoll } from '../../../lib/realtime';
import { adminKeys } from './keys';

/** The transactions tab's filters as its form holds them ('' for "all"). */
export interface TransactionsQuery {
  startDate: string;
  endDate: string;
  type: string;
  status: string;
  page: number;
  limit: number;
}

export const fetchAllTransactions = (q: TransactionsQuery) =>
  call(adminMoney.allTransactions, {
    query: {
      ...q,
      startDate: q.startDate || undefined,
      endDate: q.endDate || undefined,
      // The form's select offers the table's values; the server validates them.
      type: (q.type || undefined) as AllTransactionsQuery['type'],
      status: (q.status || undefined) as AllTransactionsQuery['status'],
    },
  });

export const useAllTransactions = (q: TransactionsQuery) =>
  useQuery({
    queryKey: adminKeys.allTransactions(q),
    queryFn: () => fetchAllTransactions(q),
    placeholderData: keepPreviousData,
  });

/** The queues are pushed (`queue` events) while the socket is live; without it they poll. */
const QUEUE_POLL_MS = 30_000;
const QUEUE = { limit: 200 } as const;

export const usePendingDeposits = () =>
  useQuery({
    queryKey: adminKeys.pendingDeposits,
    queryFn: () => call(adminMoney.pendingDeposits, { query: QUEUE }),
    refetchInterval: useLivePoll(QUEUE_POLL_MS),
  });

export const usePendingWithdrawals = () =>
  useQuery({
    queryKey: adminKeys.pendingWithdrawals,
    queryFn: () => call(adminMoney.pendingWithdrawals, { query: QUEUE }),
    refetchInterval: useLivePoll(QUEUE_POLL_MS),
  });

/** A review changes a queue, a balance, the summary, the transactions and the audit: reload it all. */
function useReview<A, R>(fn: (body: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

type Body<K extends keyof typeof adminMoney> = EndpointBody<(typeof adminMoney)[K]>;

export const useApproveDeposit = () =>
  useReview((body: Body<'approveDeposit'>) => call(adminMoney.approveDeposit, { body }));
export const useRejectDeposit = () =>
  useReview((body: Body<'rejectDeposit'>) => call(adminMoney.rejectDeposit, { body }));
export const useApproveWithdrawal = () =>
  useReview((body: Body<'approveWithdrawal'>) => call(adminMoney.approveWithdrawal, { body }));
export const useRejectWithdrawal = () =>
  useReview((body: Body<'rejectWithdrawal'>) => call(adminMoney.rejectWithdrawal, { body }));

export const useCleanupCorrupted = () => useReview(() => call(adminMoney.cleanupCorruptedDeposits));
