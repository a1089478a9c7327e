import { useQuery } from '@tanstack/react-query';
import * as realtime from '@gogo/shared/api/endpoints/realtime';
import { call } from '../api/call';
import { queryKeys } from '../api/keys';
import { useLivePoll } from './index';

/** The socket pushes the newest 20 unlocks; the query reads as many, so a push is its whole answer. */
const RECENT = { limit: 20 } as const;

export const realtimeKeys = {
  achievements: queryKeys.of(realtime.recentAchievements, { query: RECENT }),
};

/** How many unlocks the feed shows; the socket pushes the newest 20 and the feed keeps the head. */
export const FEED_SIZE = 5;

/**
 * Achievements unlocked most recently by any player (signed in only). The socket's `achievement`
 * pushes replace it as they come; without the socket it polls.
 */
export function useRecentAchievements(enabled: boolean) {
  const poll = useLivePoll(30_000);
  return useQuery({
    queryKey: realtimeKeys.achievements,
    queryFn: async ({ signal }) => (await call(realtime.recentAchievements, { query: RECENT, signal })).achievements,
    select: (all) => all.slice(0, FEED_SIZE),
    enabled,
    refetchInterval: poll,
    staleTime: 15_000,
  });
}
