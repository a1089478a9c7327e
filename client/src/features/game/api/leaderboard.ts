import { queryOptions, useQuery } from '@tanstack/react-query';
import * as stats from '@gogo/shared/api/endpoints/stats';
import { call } from '../../../lib/api/call';
import { gameKeys } from './keys';

/** GET /api/player-stats/leaderboard?limit: the real global leaderboard, ranked by leaderboardScore (shared). */
export const fetchLeaderboard = (limit: number, signal?: AbortSignal) =>
  call(stats.leaderboard, { query: { limit }, signal });

export const leaderboardQuery = (limit: number) =>
  queryOptions({
    queryKey: gameKeys.leaderboard(limit),
    queryFn: ({ signal }) => fetchLeaderboard(limit, signal),
    staleTime: 15_000,
  });

export function useLeaderboard(limit: number, enabled: boolean) {
  return useQuery({ ...leaderboardQuery(limit), enabled });
}
