import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AllTransactionsResult,
  ApproveDepositBody,
  ApproveWithdrawalBody,
  CleanupResult,
  PendingDepositsResult,
  PendingWithdrawalsResult,
  RejectBody,
  ReviewResult,
} from '@gogo/shared/api';
import { useLivePoll } from '../../../lib/realtime';
import { adminApi, toQuery } from './http';
import { adminKeys } from './keys';

export interface TransactionsQuery {
  startDate: string;
  endDate: string;
  type: string;
  status: string;
  page: number;
  limit: number;
}

export const fetchAllTransactions = (q: TransactionsQuery) =>
  adminApi.get<AllTransactionsResult>(`/all-transactions${toQuery({ ...q })}`);

export const useAllTransactions = (q: TransactionsQuery) =>
  useQuery({
    queryKey: adminKeys.allTransactions(q),
    queryFn: () => fetchAllTransactions(q),
    placeholderData: keepPreviousData,
  });

/** The queues are pushed (`queue` events) while the socket is live; without it they poll. */
const QUEUE_POLL_MS = 30_000;

export const usePendingDeposits = () =>
  useQuery({
    queryKey: adminKeys.pendingDeposits,
    queryFn: () => adminApi.get<PendingDepositsResult>('/pending-deposits?limit=200'),
    refetchInterval: useLivePoll(QUEUE_POLL_MS),
  });

export const usePendingWithdrawals = () =>
  useQuery({
    queryKey: adminKeys.pendingWithdrawals,
    queryFn: () => adminApi.get<PendingWithdrawalsResult>('/pending-withdrawals?limit=200'),
    refetchInterval: useLivePoll(QUEUE_POLL_MS),
  });

/** A review changes a queue, a balance, the summary, the transactions and the audit: reload it all. */
function useReview<TBody extends object>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => adminApi.post<ReviewResult>(path, body),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useApproveDeposit = () => useReview<ApproveDepositBody>('/approve-deposit');
export const useRejectDeposit = () => useReview<RejectBody>('/reject-deposit');
export const useApproveWithdrawal = () => useReview<ApproveWithdrawalBody>('/approve-withdrawal');
export const useRejectWithdrawal = () => useReview<RejectBody>('/reject-withdrawal');

export const useCleanupCorrupted = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi.post<CleanupResult>('/cleanup-corrupted-deposits'),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
};
