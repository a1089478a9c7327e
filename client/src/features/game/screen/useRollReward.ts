import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { RollResult } from '@gogo/shared/api';
import { winTone } from '../../../game/rollPlan';
import { sound } from '../../../lib/sound';
import { gameKeys } from '../api/keys';
import { rollEffects, type CelebrationSpec, type ToastSpec } from '../outcome';
import { forgetPendingRoll } from '../roll/pendingRoll';
import { buzz } from '../haptics';
import { recordLocalResult } from '../localLeaderboard';
import { whenIdle } from '../../../lib/whenIdle';
import { diceRewardToasts } from '../board/diceRewards';

/** How long the screen shakes for a jackpot, and the board flashes red for a loss. */
const IMPACT_MS = 600;

export type Impact = 'jackpot' | 'loss' | null;

/**
 * What a roll brought, shown the moment the token lands (or after a reload that cut the roll short):
 * the state it answered, sounds, haptics, the screen's shake or red flash, the celebrations and toasts.
 */
export function useRollReward(options: {
  queryClient: QueryClient;
  username: string;
  enqueue: (items: CelebrationSpec[]) => void;
  pushToast: (toast: ToastSpec) => void;
  haptics: boolean;
  animations: boolean;
  frameRef: RefObject<HTMLDivElement | null>;
  setNow: (now: number) => void;
}) {
  const { queryClient, username, enqueue, pushToast, haptics, animations, frameRef, setNow } = options;
  const [impact, setImpact] = useState<Impact>(null);
  /** When the game state was last written by a roll's answer (TanStack's dataUpdatedAt). */
  const answerWrittenAt = useRef(0);

  const showReward = useCallback(
    (result: RollResult, live: boolean) => {
      const effects = rollEffects(result);
      forgetPendingRoll();
      // The roll's state is as of its answer. Anything written since (a property bought or daily dice
      // claimed while the token moved) is newer than it: after showing the roll, ask the server again.
      const writtenSince = (queryClient.getQueryState(gameKeys.state())?.dataUpdatedAt ?? 0) > answerWrittenAt.current;
      queryClient.setQueryData(gameKeys.state(), result.state);
      if (live && writtenSince) void queryClient.invalidateQueries({ queryKey: gameKeys.state() });
      // Bookkeeping waits for a frame without the payoff in it.
      whenIdle(() => {
        void queryClient.invalidateQueries({ queryKey: gameKeys.diceBalance() });
        recordLocalResult(result.state, username);
      });
      setNow(Date.now());
      if (live) {
        // The win sound rises in pitch and loudness with the amount; the coins fly into the balance,
        // which counts up and pops (BoardStats), more of them for more.
        const tone = result.reward > 0 ? winTone(result.reward) : undefined;
        if (effects.landingSound) sound.play(effects.landingSound, tone);
        if (result.reward > 0) sound.play('coin', tone);
        if (frameRef.current) frameRef.current.dataset.winTone = tone ? String(tone.rate) : '';
        const kind = result.isJackpot ? 'jackpot' : result.reward < 0 ? 'loss' : 'gain';
        buzz(kind, haptics);
        if (animations && kind !== 'gain') setImpact(kind);
      }
      enqueue(effects.celebrations);
      for (const toast of diceRewardToasts(result)) pushToast(toast);
    },
    [queryClient, username, enqueue, pushToast, haptics, animations, frameRef, setNow],
  );

  useEffect(() => {
    if (!impact) return;
    const timer = setTimeout(() => setImpact(null), IMPACT_MS);
    return () => clearTimeout(timer);
  }, [impact]);

  return { showReward, impact, answerWrittenAt };
}
