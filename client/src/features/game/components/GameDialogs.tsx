import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import { settingsStore } from '../../../lib/settings';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

const loadDialogs = () => import('./dialogChunk');
const DailyDiceDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DailyDiceDialog })));
const FairnessPanel = lazy(() => loadDialogs().then((m) => ({ default: m.FairnessPanel })));
const LeaderboardModal = lazy(() => loadDialogs().then((m) => ({ default: m.LeaderboardModal })));
const SettingsDialog = lazy(() => loadDialogs().then((m) => ({ default: m.SettingsDialog })));

/** Fetches the dialogs' chunk ahead of the first tap on one of them. */
export function preloadGameDialogs(): void {
  void loadDialogs();
}

export type DialogName = 'settings' | 'leaderboard' | 'fairness' | 'daily' | null;

interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

/** The game screen's own dialogs (one at a time) and the confirmation some of them ask for. */
export function GameDialogs({
  dialog,
  onClose,
  loginStreak,
  onClaimed,
  onConfirmChange,
}: {
  dialog: DialogName;
  onClose: () => void;
  loginStreak: number | null;
  onClaimed: (rolls: number, consecutiveDays: number) => void;
  /** Tells the page when a confirmation covers the board. */
  onConfirmChange: (open: boolean) => void;
}) {
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  useEffect(() => onConfirmChange(confirm !== null), [confirm, onConfirmChange]);

  const askConfirm = useCallback((spec: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> => {
    if (!settingsStore.get().gameplay.confirmActions) return Promise.resolve(true);
    return new Promise((resolve) => setConfirm({ ...spec, resolve }));
  }, []);

  return (
    <Suspense fallback={null}>
      {dialog === 'daily' ? (
        <DailyDiceDialog onClose={onClose} onClaimed={onClaimed} loginStreak={loginStreak} />
      ) : null}
      {dialog === 'settings' ? (
        <SettingsDialog
          onClose={onClose}
          confirmReset={() =>
            askConfirm({
              title: gameScreenText.confirm.resetTitle,
              message: gameScreenText.confirm.resetMessage,
              confirmLabel: gameScreenText.confirm.resetLabel,
            })
          }
        />
      ) : null}
      {dialog === 'leaderboard' ? <LeaderboardModal onClose={onClose} /> : null}
      {dialog === 'fairness' ? (
        <FairnessPanel
          onClose={onClose}
          confirmRotate={() =>
            askConfirm({
              title: gameScreenText.confirm.rotateTitle,
              message: gameScreenText.confirm.rotateMessage,
              confirmLabel: gameScreenText.confirm.rotateLabel,
            })
          }
        />
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={confirm.title}
          confirmLabel={confirm.confirmLabel}
          cancelLabel={gameScreenText.cancel}
          onConfirm={() => {
            confirm.resolve(true);
            setConfirm(null);
          }}
          onCancel={() => {
            confirm.resolve(false);
            setConfirm(null);
          }}
        >
          <p>{confirm.message}</p>
        </ConfirmDialog>
      ) : null}
    </Suspense>
  );
}
