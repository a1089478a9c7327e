import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameStateDto, UpgradeResult } from '@gogo/shared/api';
import * as board from '@gogo/shared/api/endpoints/board';
import { call } from '../../../lib/api/call';
import { gameKeys } from '../api/keys';
import { newRequestId } from '../api/roll';

/**
 * POST /api/board/properties/:tileId/upgrade with the level the player sees: a second tab that
 * bought it first answers 409 LEVEL_ALREADY_BUILT instead of buying the level after it.
 */
export function useUpgradeProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tileId, level }: { tileId: number; level: number }) =>
      call(board.upgradeProperty, { params: { tileId }, body: { requestId: newRequestId(), level } }),
    onSuccess: (result: UpgradeResult) => {
      // The server's answer is the truth: balance, dice and board at once, without a refetch.
      queryClient.setQueryData<GameStateDto>(gameKeys.state(), (old) =>
        old
          ? { ...old, balance: result.balance, diceRollsRemaining: result.diceRollsRemaining, board: result.board }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: gameKeys.diceBalance() });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: gameKeys.state() }),
  });
}
