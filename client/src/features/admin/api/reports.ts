import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActiveUsersResult, AdminSummary, AnalyticsResult, TopWinnersResult } from '@gogo/shared/api';
import { useLivePoll } from '../../../lib/realtime';
import { adminApi, toQuery } from './http';
import { adminKeys } from './keys';

export const useSummary = () =>
  useQuery({
    queryKey: adminKeys.summary,
    queryFn: () => adminApi.get<AdminSummary>('/summary'),
    // Pushed (`summary`) while the socket is live; polled without it.
    refetchInterval: useLivePoll(30_000),
  });

export const useAnalytics = (days: number) =>
  useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: () => adminApi.get<AnalyticsResult>(`/analytics${toQuery({ days })}`),
    placeholderData: keepPreviousData,
  });

export const useTopWinners = (days: number | null) =>
  useQuery({
    queryKey: adminKeys.topWinners(days),
    queryFn: () => adminApi.get<TopWinnersResult>(`/top-winners${toQuery({ limit: 10, days })}`),
  });

export const useActiveUsers = (page: number) =>
  useQuery({
    queryKey: adminKeys.activeUsers(page),
    queryFn: () => adminApi.get<ActiveUsersResult>(`/active-users${toQuery({ page, limit: 25 })}`),
    placeholderData: keepPreviousData,
  });
