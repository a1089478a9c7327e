import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Leaderboard } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { gameKeys } from './keys';

/** GET /api/player-stats/leaderboard?limit: the real global leaderboard (spec section 9 score). */
export function fetchLeaderboard(limit: number, signal?: AbortSignal): Promise<Leaderboard> {
  return api.get<Leaderboard>(`/player-stats/leaderboard?limit=${encodeURIComponent(String(limit))}`, { signal });
}

export const leaderboardQuery = (limit: number) =>
  queryOptions({
    queryKey: gameKeys.leaderboard(limit),
    queryFn: ({ signal }) => fetchLeaderboard(limit, signal),
    staleTime: 15_000,
  });

export function useLeaderboard(limit: number, enabled: boolean) {
  return useQuery({ ...leaderboardQuery(limit), enabled });
}
