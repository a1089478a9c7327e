import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useFocusTrap } from '../../../components/useFocusTrap';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  /** The confirm button stays disabled until this is true (e.g. the password is typed). */
  canConfirm?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation for an account action: Escape and Cancel close it unless it is busy. */
export function ConfirmDialog(props: Props) {
  const { title, children, confirmLabel, busyLabel, busy, error, canConfirm = true, onConfirm, onCancel } = props;
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onCancel]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && canConfirm) onConfirm();
  };

  return (
    <div className="modal-backdrop" role="presentation">
      <div className="modal confirm-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref}>
        <h2 className="modal__title" id={titleId}>
          {title}
        </h2>
        <form className="form" onSubmit={submit} noValidate>
          {children}
          {error ? (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="confirm-dialog__actions">
            <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="button button--danger" disabled={busy || !canConfirm}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
