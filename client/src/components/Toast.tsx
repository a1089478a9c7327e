import { appIcons, type AppIconName } from './appIcons';
import { Icon } from './Icon';
import type { ToastItem } from './useToasts';
import './Toast.css';

const TONE_ICON: Record<ToastItem['tone'], AppIconName> = {
  info: 'info',
  success: 'check',
  error: 'alert',
  accent: 'flag',
};

/** The stack of toasts (from useToasts), announced politely, each with a dismiss button. */
export function ToastRegion({
  toasts,
  onDismiss,
  dismissLabel = 'Dismiss',
}: {
  toasts: readonly ToastItem[];
  onDismiss: (id: number) => void;
  dismissLabel?: string;
}) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast-card toast-card--${toast.tone}`} data-testid={`toast-${toast.tone}`}>
          <span className="toast-card__icon" aria-hidden="true">
            <Icon glyph={appIcons[toast.icon ?? TONE_ICON[toast.tone]]} />
          </span>
          <span className="toast-card__text">
            <strong>{toast.title}</strong>
            {toast.body ? <span>{toast.body}</span> : null}
          </span>
          <button
            type="button"
            className="toast-card__close"
            aria-label={dismissLabel}
            onClick={() => onDismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
