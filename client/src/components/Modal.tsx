import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from './useFocusTrap';
import './Modal.css';

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Optional line under the title. */
  subtitle?: ReactNode;
  className?: string;
  /** 'medium' (560 px) and 'wide' (960 px) for review and detail dialogs; default 440 px. */
  size?: 'normal' | 'medium' | 'wide';
  /** A request is in flight: Escape, the backdrop and the close button do nothing (auth modal rule). */
  busy?: boolean;
  /** Clicking the backdrop closes (default true). The auth modal turns it off while an error shows. */
  closeOnBackdrop?: boolean;
  /** An alert dialog (a confirmation) instead of a plain dialog. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The one modal of the kit: labelled by its title, focus kept inside and given back on close, Escape
 * and the backdrop close it unless busy. Escape is handled on the dialog itself, so only the top one
 * of stacked dialogs closes.
 */
export function Modal({
  title,
  subtitle,
  onClose,
  children,
  className,
  size = 'normal',
  busy = false,
  closeOnBackdrop = true,
  role = 'dialog',
}: ModalProps) {
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

  const classes = ['modal', size === 'normal' ? null : `modal--${size}`, className].filter(Boolean).join(' ');
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && closeOnBackdrop && !busy) onClose();
      }}
    >
      <div className={classes} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={ref}>
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
