import { useCallback, useRef } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import type { ToastIconName } from '../../../components/useToasts';
import { ToastRegion } from '../../../components/Toast';
import { useToasts, type ToastItem, type ToastSpec as KitToast } from '../../../components/useToasts';
import type { ToastKind, ToastSpec } from '../outcome';
import './Toasts.css';

/** Each of the game's toasts as the kit draws it: a tone and an icon of the one set. */
const LOOK: Record<ToastKind, { tone: KitToast['tone']; icon: ToastIconName }> = {
  'level-up': { tone: 'accent', icon: 'star' },
  jackpot: { tone: 'accent', icon: 'coin' },
  lap: { tone: 'info', icon: 'flag' },
  daily: { tone: 'success', icon: 'flame' },
  info: { tone: 'info', icon: 'info' },
  error: { tone: 'error', icon: 'alert' },
};

/**
 * The kit's toasts (4 s each, at most four) fed with the game's level-up, jackpot, lap and streak
 * notes. `hold(true)` keeps new ones waiting (the quick tour is showing) and `hold(false)` shows them.
 */
export function useGameToasts() {
  const { toasts, push, dismiss } = useToasts();
  const held = useRef(false);
  const waiting = useRef<ToastSpec[]>([]);
  const show = useCallback(
    (spec: ToastSpec) => push({ ...LOOK[spec.kind], kind: spec.kind, title: spec.title, body: spec.body }),
    [push],
  );
  const pushGame = useCallback(
    (spec: ToastSpec) => {
      if (held.current) waiting.current.push(spec);
      else show(spec);
    },
    [show],
  );
  const hold = useCallback(
    (on: boolean) => {
      held.current = on;
      if (on) return;
      const due = waiting.current;
      waiting.current = [];
      for (const spec of due) show(spec);
    },
    [show],
  );
  return { toasts, push: pushGame, dismiss, hold };
}

/** The game's stack of toasts, placed clear of the board (Toasts.css), announced politely. */
export function Toasts({ toasts, onDismiss }: { toasts: readonly ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <ToastRegion
      className="game-toasts"
      toasts={toasts}
      onDismiss={onDismiss}
      dismissLabel={gameScreenText.toasts.dismiss}
    />
  );
}
