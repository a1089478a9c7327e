import { useEffect, useRef } from 'react';
import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { GameStateDto, RollResult } from '@gogo/shared/api';
import { gameScreenText } from '@gogo/shared/messages/game';
import type { GameBus, MotionOptions } from '../../../game/bus';
import { sound } from '../../../lib/sound';
import { gameKeys } from '../api/keys';
import { rollEffects, type ToastSpec } from '../outcome';
import { useRollMachine } from '../roll/useRollMachine';
import { isRolling } from '../roll/machine';
import { rememberPendingRoll, takePendingRoll } from '../roll/pendingRoll';
import { isModalCelebration, type useCelebrations } from '../useCelebrations';
import { useDiceLoop } from '../useDiceLoop';
import { buzz } from '../haptics';
import { preloadHeldSummary } from '../components/RollSummaryCard';

const text = gameScreenText;

/**
 * The screen's roll: the dice loop around the button (refill, multiplier, offers), the roll machine
 * with what the screen does at each step, and a reload while a roll was under way shown once the
 * board is up.
 */
export function useGameRoll(options: {
  bus: GameBus;
  stateQuery: UseQueryResult<GameStateDto>;
  queryClient: QueryClient;
  pushToast: (toast: ToastSpec) => void;
  celebrations: ReturnType<typeof useCelebrations>;
  online: boolean;
  sceneReady: boolean;
  modalOpen: boolean;
  motion: MotionOptions;
  autoRoll: boolean;
  haptics: boolean;
  userKey: string;
  reportError: (error: unknown) => void;
  answerWrittenAt: { current: number };
  showReward: (result: RollResult, live: boolean) => void;
}) {
  const { bus, stateQuery, queryClient, pushToast, celebrations, online, sceneReady, modalOpen, motion } = options;
  const { haptics, userKey, reportError, answerWrittenAt, showReward } = options;
  const state = stateQuery.data;
  const rollsRemaining = state?.diceRollsRemaining ?? null;
  const { current: celebration, enqueue } = celebrations;

  const loop = useDiceLoop({ state, stateUpdatedAt: stateQuery.dataUpdatedAt, queryClient, pushToast });
  const roll = useRollMachine({
    bus,
    rollsRemaining,
    multiplier: loop.multiplier.effective,
    online,
    sceneReady,
    inputAllowed: !modalOpen,
    motion,
    autoRoll: options.autoRoll,
    held: celebrations.modalPending,
    reportError,
    onStart: () => {
      preloadHeldSummary();
      sound.play('roll');
      buzz('roll', haptics);
      // A new roll sweeps the last light card away: the board tells the next story.
      if (celebration && !isModalCelebration(celebration)) celebrations.close(celebration.id);
    },
    onAnswer: (result) => {
      rememberPendingRoll(userKey, result);
      // The roll is spent as soon as the server says so; the rest shows when the token lands.
      queryClient.setQueryData<GameStateDto>(gameKeys.state(), (old) =>
        old ? { ...old, diceRollsRemaining: result.state.diceRollsRemaining } : old,
      );
      answerWrittenAt.current = queryClient.getQueryState(gameKeys.state())?.dataUpdatedAt ?? 0;
    },
    onReward: (result) => showReward(result, true),
    onFailure: (message) => pushToast({ kind: 'error', title: text.rollFailed, body: message }),
  });
  const rollState = roll.state;
  const busy = isRolling(rollState) || rollState.phase === 'rewarding';

  // A reload while a roll was under way: show what it brought (the balance already has it).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !sceneReady || !state || !userKey) return;
    restored.current = true;
    const pending = takePendingRoll(userKey);
    if (pending) enqueue(rollEffects(pending).celebrations);
  }, [sceneReady, state, userKey, enqueue]);

  return { loop, roll, rollState, busy };
}
