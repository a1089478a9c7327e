import type { RollResult } from '@gogo/shared/api';
import { boardText } from '@gogo/shared/messages';
import { diceLoopText } from '@gogo/shared/messages/game';
import type { ToastSpec } from '../outcome';

/** The dice a roll paid (level-ups and a completed lap) and the salary for passing Start, as toasts. */
export function diceRewardToasts(result: RollResult): ToastSpec[] {
  const toasts: ToastSpec[] = [];
  if (result.levelUpDice > 0) toasts.push({ kind: 'level-up', title: boardText.levelUpDice(result.levelUpDice) });
  if (result.lapDice > 0) toasts.push({ kind: 'lap', title: boardText.lapDice(result.lapDice) });
  // Older stored answers (replays) have no salary field.
  if ((result.salary ?? 0) > 0) toasts.push({ kind: 'lap', title: diceLoopText.passedStart(result.salary) });
  return toasts;
}
