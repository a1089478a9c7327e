import './ConfirmActions.css';

export interface ConfirmActionsProps {
  confirmLabel: string;
  /** Shown on the confirm button while busy ('Approving...'). */
  busyLabel?: string;
  /** The way out: 'Cancel' in a dialog, 'Back' in a second step. */
  cancelLabel?: string;
  /** Red confirm button for what cannot be undone; primary otherwise. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** The confirm button stays disabled until this is true (e.g. the password is typed). */
  canConfirm?: boolean;
  onCancel: () => void;
  /** Without it the confirm button submits the surrounding form. */
  onConfirm?: () => void;
  /** Focus the confirm button when it appears (a second step). */
  autoFocus?: boolean;
  align?: 'end' | 'start';
}

/** Cancel (or Back) and the confirming button, right-aligned, the busy label while a request runs. */
export function ConfirmActions({
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  canConfirm = true,
  onCancel,
  onConfirm,
  autoFocus = false,
  align = 'end',
}: ConfirmActionsProps) {
  return (
    <div className={`confirm-actions${align === 'start' ? ' confirm-actions--start' : ''}`}>
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={`button button--${tone}`}
        onClick={onConfirm}
        disabled={busy || !canConfirm}
        aria-busy={busy}
        autoFocus={autoFocus}
      >
        {busy && busyLabel ? busyLabel : confirmLabel}
      </button>
    </div>
  );
}
