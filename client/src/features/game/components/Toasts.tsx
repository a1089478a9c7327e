import { useCallback } from 'react';
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

/** The kit's toasts (4 s each, at most four) fed with the game's level-up, jackpot, lap and streak notes. */
export function useGameToasts() {
  const { toasts, push, dismiss } = useToasts();
  const pushGame = useCallback(
    (spec: ToastSpec) => push({ ...LOOK[spec.kind], kind: spec.kind, title: spec.title, body: spec.body }),
    [push],
  );
  return { toasts, push: pushGame, dismiss };
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
