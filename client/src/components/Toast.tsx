import { appIcons, type AppIconName } from './appIcons';
import { Icon, type IconName } from './Icon';
import type { ToastIconName, ToastItem } from './useToasts';
import './Toast.css';

const TONE_ICON: Record<ToastItem['tone'], AppIconName> = {
  info: 'info',
  success: 'check',
  error: 'alert',
  accent: 'flag',
};

function ToastIcon({ name }: { name: ToastIconName }) {
  return name in appIcons ? <Icon glyph={appIcons[name as AppIconName]} /> : <Icon name={name as IconName} />;
}

/** The stack of toasts (from useToasts), announced politely, each with a dismiss button. */
export function ToastRegion({
  toasts,
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
}: {
  toasts: readonly ToastItem[];
  onDismiss: (id: number) => void;
  dismissLabel?: string;
  /** Places the stack for a screen of its own (the game's, clear of the board). */
  className?: string;
}) {
  return (
    <div className={className ? `toast-region ${className}` : 'toast-region'} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast-card toast-card--${toast.tone}`}
          data-testid={`toast-${toast.kind ?? toast.tone}`}
        >
          <span className="toast-card__icon" aria-hidden="true">
            <ToastIcon name={toast.icon ?? TONE_ICON[toast.tone]} />
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
