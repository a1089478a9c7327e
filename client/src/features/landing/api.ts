import { useQuery } from '@tanstack/react-query';
import * as game from '@gogo/shared/api/endpoints/game';
import * as publicSite from '@gogo/shared/api/endpoints/public';
import { call } from '../../lib/api/call';
import { queryKeys } from '../../lib/api/keys';

/** The landing's figures: pushed `leaderboard` events refresh them (client/src/lib/realtime/cache.ts). */
export const publicStatsKey = queryKeys.of(publicSite.publicStats);

/** Real figures and top players for the landing page (no auth). */
export function usePublicStats() {
  return useQuery({
    queryKey: publicStatsKey,
    queryFn: ({ signal }) => call(publicSite.publicStats, { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/**
 * The signed-in player's GOGO balance, from the server's game state: the same query as the game
 * screen's (one key), of which the landing shows only the balance.
 */
export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.of(game.gameState),
    queryFn: ({ signal }) => call(game.gameState, { signal }),
    select: (state) => state.balance,
    enabled,
  });
}
