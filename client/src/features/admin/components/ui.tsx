import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Pagination } from '@gogo/shared/api';
import { useFocusTrap } from '../../../components/useFocusTrap';
import { formatNumber } from '../format';

interface DialogProps {
  title: string;
  onClose: () => void;
  /** While true, Escape, the backdrop and the close button do nothing (a request is in flight). */
  busy?: boolean;
  wide?: boolean;
  children: ReactNode;
}

/** A modal dialog: labelled, focus kept inside, Escape or the backdrop close it unless busy. */
export function Dialog({ title, onClose, busy = false, wide = false, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={ref}
        className={`modal admin-dialog${wide ? ' admin-dialog--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <button type="button" className="modal__close" aria-label="Close" disabled={busy} onClick={onClose}>
          ×
        </button>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

export function Notice({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`admin-badge admin-badge--${status}`}>{status}</span>;
}

export function Pager({
  pagination,
  onPage,
  label,
}: {
  pagination: Pagination;
  onPage: (page: number) => void;
  label: string;
}) {
  const { page, pages, total, limit } = pagination;
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav className="admin-pager" aria-label={label}>
      <span>
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </span>
      <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      <button type="button" className="button button--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A horizontally scrollable, focusable frame for a wide table (usable on a tablet). */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-table-frame" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function LoadState({
  loading,
  error,
  empty,
  emptyText,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
}) {
  if (loading) {
    return (
      <p className="admin-muted" role="status">
        Loading...
      </p>
    );
  }
  if (error) return <Notice kind="error">Could not load this list. It will retry shortly.</Notice>;
  if (empty) return <p className="admin-muted">{emptyText}</p>;
  return null;
}

export function Field({
  label,
  hint,
  error,
  children,
  id,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
  id: string;
}) {
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span className="admin-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="form__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Label/value pairs of a record, as a description list. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="admin-facts">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
