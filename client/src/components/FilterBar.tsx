import type { ReactNode } from 'react';
import './FilterBar.css';

interface Props {
  /** Names the form for screen readers ('Transaction filters'). */
  label: string;
  /** 'search' when the bar finds things (players by name). */
  role?: 'search';
  /** The filter fields; `filter-bar__grow` and `filter-bar__narrow` size one. */
  children: ReactNode;
  /** A Reset button at the end of the bar, before the other actions. */
  onReset?: () => void;
  /** Buttons at the end of the bar (Export CSV). */
  actions?: ReactNode;
}

/** A row of filters that wraps on narrow screens and applies as the fields change (no submit). */
export function FilterBar({ label, role, children, onReset, actions }: Props) {
  return (
    <form className="filter-bar" role={role} aria-label={label} onSubmit={(e) => e.preventDefault()}>
      {children}
      {onReset || actions ? (
        <div className="filter-bar__actions">
          {onReset ? (
            <button type="button" className="button button--ghost" onClick={onReset}>
              Reset
            </button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </form>
  );
}
