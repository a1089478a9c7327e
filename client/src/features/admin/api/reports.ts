import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as adminReports from '@gogo/shared/api/endpoints/admin-reports';
import * as adminUsers from '@gogo/shared/api/endpoints/admin-users';
import { call } from '../../../lib/api/call';
import { useLivePoll } from '../../../lib/realtime';
import { adminKeys } from './keys';

export const useSummary = () =>
  useQuery({
    queryKey: adminKeys.summary,
    queryFn: () => call(adminReports.summary),
    // Pushed (`summary`) while the socket is live; polled without it.
    refetchInterval: useLivePoll(30_000),
  });

export const useAnalytics = (days: number) =>
  useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: () => call(adminReports.analytics, { query: { days } }),
    placeholderData: keepPreviousData,
  });

export const useTopWinners = (days: number | null) =>
  useQuery({
    queryKey: adminKeys.topWinners(days),
    queryFn: () => call(adminReports.topWinners, { query: { limit: 10, days: days ?? undefined } }),
  });

export const useActiveUsers = (page: number) =>
  useQuery({
    queryKey: adminKeys.activeUsers(page),
    queryFn: () => call(adminUsers.activeUsers, { query: { page, limit: 25 } }),
    placeholderData: keepPreviousData,
  });

export const useTreasury = (days: number) =>
  useQuery({
    queryKey: adminKeys.treasury(days),
    queryFn: () => call(adminReports.treasury, { query: { days } }),
    placeholderData: keepPreviousData,
    refetchInterval: useLivePoll(60_000),
  });
