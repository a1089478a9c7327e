import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from './useFocusTrap';

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Optional line under the title. */
  subtitle?: ReactNode;
  className?: string;
  /** Blocks Escape, the backdrop and the close button (while a request is in flight). */
  busy?: boolean;
  /** Clicking the backdrop closes (default true). */
  closeOnBackdrop?: boolean;
  /** An alert dialog (a confirmation) instead of a plain dialog. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog: labelled by its title, focus kept inside and given back on close, Escape and the
 * backdrop close it. Escape is handled on the dialog itself, so only the top one of stacked dialogs
 * closes.
 */
export function Dialog({
  title,
  subtitle,
  onClose,
  children,
  className,
  busy = false,
  closeOnBackdrop = true,
  role = 'dialog',
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const busyRef = useRef(busy);
  const closeRef = useRef(onClose);
  useEffect(() => {
    busyRef.current = busy;
    closeRef.current = onClose;
  });
  useFocusTrap(ref);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || busyRef.current) return;
      event.stopPropagation();
      closeRef.current();
    };
    root.addEventListener('keydown', onKey);
    return () => root.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && closeOnBackdrop && !busy) onClose();
      }}
    >
      <div
        className={className ? `modal ${className}` : 'modal'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={ref}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {subtitle ? <p className="modal__subtitle">{subtitle}</p> : null}
        {children}
        {/* Last in the DOM (shown top right) so that focus starts on the dialog's own first control. */}
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose} disabled={busy}>
          ×
        </button>
      </div>
    </div>
  );
}
