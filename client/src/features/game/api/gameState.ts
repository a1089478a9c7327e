import { queryOptions, useQuery } from '@tanstack/react-query';
import * as game from '@gogo/shared/api/endpoints/game';
import { call } from '../../../lib/api/call';
import { gameKeys } from './keys';
import { takeEarlyRead } from './early';

/** GET /api/game-state/state: the server's game state, the only truth the board draws. */
export const fetchGameState = (signal?: AbortSignal) => takeEarlyRead('state') ?? call(game.gameState, { signal });

export const gameStateQuery = () =>
  queryOptions({
    queryKey: gameKeys.state(),
    queryFn: ({ signal }) => fetchGameState(signal),
    staleTime: 30_000,
  });

export function useGameState() {
  return useQuery(gameStateQuery());
}
