import { useQuery } from '@tanstack/react-query';
import type { GameStateDto, PublicStats } from '@gogo/shared/api';
import { api } from '../../lib/api/client';

/** Real figures and top players for the landing page: GET /api/public/stats (no auth). */
export function usePublicStats() {
  return useQuery({
    queryKey: ['public', 'stats'],
    queryFn: ({ signal }) => api.get<PublicStats>('/public/stats', { signal }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** The signed-in player's GOGO balance, from the server's game state. */
export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: ['game-state', 'balance'],
    queryFn: ({ signal }) => api.get<GameStateDto>('/game-state/state', { signal }),
    select: (state) => state.balance,
    enabled,
  });
}
