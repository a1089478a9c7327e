import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameStateDto } from '@gogo/shared/api';
import * as daily from '@gogo/shared/api/endpoints/daily';
import { call } from '../../../lib/api/call';
import { gameKeys } from './keys';

/** GET /api/daily-dice-roll/can-claim */
export const fetchDailyDiceStatus = (signal?: AbortSignal) => call(daily.dailyDiceStatus, { signal });

/** POST /api/daily-dice-roll/claim (409 ALREADY_CLAIMED when today's dice were taken). */
export const claimDailyDice = () => call(daily.claimDailyDice);

export const dailyDiceQuery = () =>
  queryOptions({
    queryKey: gameKeys.dailyDice(),
    queryFn: ({ signal }) => fetchDailyDiceStatus(signal),
    staleTime: 0,
  });

export function useDailyDiceStatus(enabled: boolean) {
  return useQuery({ ...dailyDiceQuery(), enabled });
}

export function useClaimDailyDice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimDailyDice,
    onSuccess: (claim) => {
      // The claim answers the new count: show it at once, then let the server confirm.
      client.setQueryData<GameStateDto>(gameKeys.state(), (old) =>
        old ? { ...old, diceRollsRemaining: claim.diceRollsRemaining } : old,
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: gameKeys.dailyDice() });
      void client.invalidateQueries({ queryKey: gameKeys.diceBalance() });
      void client.invalidateQueries({ queryKey: gameKeys.state() });
    },
  });
}
