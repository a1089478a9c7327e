import { useCallback, useMemo, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { GameStateDto } from '@gogo/shared/api';
import { diceLoopText } from '@gogo/shared/messages/game';
import type { DiceMultiplier } from '@gogo/shared/rules';
import { messageForError } from '../../lib/api/errors';
import { useClaimDailyDice, useDailyDiceStatus } from './api/dailyDice';
import { useClaimableChallenge, useClaimChallengeReward } from './api/challengeRewards';
import { gameKeys } from './api/keys';
import { effectiveMultiplier, loadMultiplier, nextMultiplier, saveMultiplier } from './roll/multiplier';
import type { MultiplierChoice, OutOfDiceOffers } from './components/RollControls';
import type { ToastSpec } from './outcome';

/**
 * The loop around the roll button: the refill's next die on this device's clock, the multiplier the
 * player chose (remembered on this device), and what the button offers when the dice run out.
 */
export function useDiceLoop({
  state,
  stateUpdatedAt,
  queryClient,
  pushToast,
}: {
  state: GameStateDto | undefined;
  /** When the state was received (TanStack's dataUpdatedAt): the refill's seconds count from there. */
  stateUpdatedAt: number;
  queryClient: QueryClient;
  pushToast: (toast: ToastSpec) => void;
}) {
  const [chosen, setChosen] = useState<DiceMultiplier>(loadMultiplier);
  const level = state?.level ?? 1;
  const dice = state?.diceRollsRemaining ?? 0;
  const effective = effectiveMultiplier(chosen, level, dice);
  const cycle = useCallback(() => {
    const next = nextMultiplier(effective, level, dice);
    saveMultiplier(next);
    setChosen(next);
  }, [effective, level, dice]);

  const seconds = state?.diceRefill.secondsToNextDie ?? null;
  const nextDieAt = seconds === null ? null : stateUpdatedAt + seconds * 1000;
  // The die is due: the server counts it on the next read (reads credit nothing, the next roll does).
  const onDieDue = useCallback(() => void queryClient.invalidateQueries({ queryKey: gameKeys.state() }), [queryClient]);

  const outOfDice = state !== undefined && dice < 1;
  const daily = useDailyDiceStatus(state !== undefined);
  const claimDaily = useClaimDailyDice();
  const challenge = useClaimableChallenge(outOfDice && daily.data?.canClaim === false);
  const claimChallenge = useClaimChallengeReward();
  const failed = useCallback(
    (error: unknown) => pushToast({ kind: 'error', title: diceLoopText.claimFailed, body: messageForError(error) }),
    [pushToast],
  );

  const multiplier: MultiplierChoice = { chosen, effective, level, dice, onCycle: cycle };
  const offers: OutOfDiceOffers = {
    dailyDice: daily.data?.canClaim ? daily.data.rollsToday : null,
    onClaimDaily: () => claimDaily.mutate(undefined, { onError: failed }),
    challengeReady: challenge !== null,
    onClaimChallenge: () => {
      if (challenge) claimChallenge.mutate(challenge.id, { onError: failed });
    },
    claiming: claimDaily.isPending || claimChallenge.isPending,
    nextDieAt,
    onDieDue,
  };
  const refill = useMemo(
    () =>
      state
        ? {
            deadline: nextDieAt,
            cap: state.diceRefill.cap,
            minutes: Math.round(state.diceRefill.intervalSeconds / 60),
            onDue: onDieDue,
          }
        : null,
    [state, nextDieAt, onDieDue],
  );
  return { multiplier, offers, refill };
}
