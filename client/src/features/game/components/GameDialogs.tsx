import { useCallback, useEffect, useState } from 'react';
import { settingsStore } from '../../../lib/settings';
import { ConfirmDialog } from './ConfirmDialog';
import { DailyDiceDialog } from './DailyDiceDialog';
import { FairnessPanel } from './FairnessPanel';
import { LeaderboardModal } from './LeaderboardModal';
import { SettingsDialog } from './SettingsDialog';

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
    <>
      {dialog === 'daily' ? (
        <DailyDiceDialog onClose={onClose} onClaimed={onClaimed} loginStreak={loginStreak} />
      ) : null}
      {dialog === 'settings' ? (
        <SettingsDialog
          onClose={onClose}
          confirmReset={() =>
            askConfirm({
              title: 'Reset settings?',
              message: 'Sound, display, gameplay and wallet settings go back to their defaults.',
              confirmLabel: 'Reset',
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
              title: 'Rotate your seed?',
              message:
                'Your current server seed is revealed so you can verify its rolls, and a new one starts at nonce 0.',
              confirmLabel: 'Rotate and reveal',
            })
          }
        />
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.confirmLabel}
          onConfirm={() => {
            confirm.resolve(true);
            setConfirm(null);
          }}
          onCancel={() => {
            confirm.resolve(false);
            setConfirm(null);
          }}
        />
      ) : null}
    </>
  );
}
