import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameStateDto } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { gameKeys } from './keys';
import { takeEarlyRead } from './early';

/** GET /api/game-state/state: the server's game state, the only truth the board draws. */
export function fetchGameState(signal?: AbortSignal): Promise<GameStateDto> {
  return takeEarlyRead<GameStateDto>('/game-state/state') ?? api.get<GameStateDto>('/game-state/state', { signal });
}

export const gameStateQuery = () =>
  queryOptions({
    queryKey: gameKeys.state(),
    queryFn: ({ signal }) => fetchGameState(signal),
    staleTime: 30_000,
  });

export function useGameState() {
  return useQuery(gameStateQuery());
}
