import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DailyDiceClaim, DailyDiceStatus, GameStateDto } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { gameKeys } from './keys';

/** GET /api/daily-dice-roll/can-claim */
export function fetchDailyDiceStatus(signal?: AbortSignal): Promise<DailyDiceStatus> {
  return api.get<DailyDiceStatus>('/daily-dice-roll/can-claim', { signal });
}

/** POST /api/daily-dice-roll/claim (409 ALREADY_CLAIMED when today's dice were taken). */
export function claimDailyDice(): Promise<DailyDiceClaim> {
  return api.post<DailyDiceClaim>('/daily-dice-roll/claim', {});
}

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
