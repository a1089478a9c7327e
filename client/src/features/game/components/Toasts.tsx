import type { ComponentType } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import type { Toast } from '../useToasts';
import { AlertIcon, CoinIcon, FlagIcon, FlameIcon, InfoIcon, StarIcon } from './Icons';
import './Toasts.css';

const ICONS: Record<Toast['kind'], ComponentType> = {
  'level-up': StarIcon,
  jackpot: () => <CoinIcon size={22} />,
  lap: FlagIcon,
  daily: FlameIcon,
  info: InfoIcon,
  error: AlertIcon,
};

/** Level-up, jackpot, lap and streak toasts (4 s each), announced politely. */
export function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => {
        const ToastIcon = ICONS[toast.kind];
        return (
          <div key={toast.id} className={`toast toast--${toast.kind}`} data-testid={`toast-${toast.kind}`}>
            <span className="toast__icon" aria-hidden="true">
              <ToastIcon />
            </span>
            <span className="toast__text">
              <strong>{toast.title}</strong>
              {toast.body ? <span>{toast.body}</span> : null}
            </span>
            <button
              type="button"
              className="toast__close"
              aria-label={gameScreenText.toasts.dismiss}
              onClick={() => onDismiss(toast.id)}
            >
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}
