import { useQuery } from '@tanstack/react-query';
import type { RecentAchievements } from '@gogo/shared/api';
import { api } from '../api/client';
import { useLivePoll } from './index';

export const realtimeKeys = {
  achievements: ['realtime', 'achievements'] as const,
};

/** How many unlocks the feed shows; the socket pushes the newest 20 and the feed keeps the head. */
export const FEED_SIZE = 5;

/**
 * Achievements unlocked most recently by any player (GET /api/realtime/achievements/recent, signed in
 * only). The socket's `achievement` pushes replace it as they come; without the socket it polls.
 */
export function useRecentAchievements(enabled: boolean) {
  const poll = useLivePoll(30_000);
  return useQuery({
    queryKey: realtimeKeys.achievements,
    queryFn: async ({ signal }) =>
      (await api.get<RecentAchievements>('/realtime/achievements/recent?limit=20', { signal })).achievements,
    select: (all) => all.slice(0, FEED_SIZE),
    enabled,
    refetchInterval: poll,
    staleTime: 15_000,
  });
}
