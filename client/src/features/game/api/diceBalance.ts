import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiceBalance } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { gameKeys } from './keys';
import { takeEarlyRead } from './early';

/** GET /api/dice-rolls/balance: rolls remaining, bought and used. */
export function fetchDiceBalance(signal?: AbortSignal): Promise<DiceBalance> {
  return takeEarlyRead<DiceBalance>('/dice-rolls/balance') ?? api.get<DiceBalance>('/dice-rolls/balance', { signal });
}

export const diceBalanceQuery = () =>
  queryOptions({ queryKey: gameKeys.diceBalance(), queryFn: ({ signal }) => fetchDiceBalance(signal) });

/** `pollMs`: refetch while mounted, so dice an admin approves show up on an open game screen. */
export function useDiceBalance(pollMs?: number) {
  return useQuery({ ...diceBalanceQuery(), refetchInterval: pollMs });
}
