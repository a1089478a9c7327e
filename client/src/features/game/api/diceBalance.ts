import { queryOptions, useQuery } from '@tanstack/react-query';
import * as game from '@gogo/shared/api/endpoints/game';
import { call } from '../../../lib/api/call';
import { gameKeys } from './keys';
import { takeEarlyRead } from './early';

/** GET /api/dice-rolls/balance: rolls remaining, bought and used. */
export const fetchDiceBalance = (signal?: AbortSignal) =>
  takeEarlyRead('diceBalance') ?? call(game.diceBalance, { signal });

export const diceBalanceQuery = () =>
  queryOptions({ queryKey: gameKeys.diceBalance(), queryFn: ({ signal }) => fetchDiceBalance(signal) });

/** `pollMs`: refetch while mounted, so dice an admin approves show up on an open game screen. */
export function useDiceBalance(pollMs?: number) {
  return useQuery({ ...diceBalanceQuery(), refetchInterval: pollMs });
}
