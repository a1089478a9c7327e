import type { ReactNode } from 'react';
import { SelectField } from '../../../components/SelectField';
import { LIST_LIMITS } from '../format';

/** Label/value pairs of a record, as a description list. */
export function Facts({ items, tight = false }: { items: Array<[string, ReactNode]>; tight?: boolean }) {
  return (
    <dl className={tight ? 'admin-facts admin-facts--tight' : 'admin-facts'}>
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

const LIMIT_OPTIONS = LIST_LIMITS.map((n) => ({ value: n, label: String(n) }));

/** The 'Rows per page' select of every back-office list. */
export function RowsPerPage({ value, onChange }: { value: number; onChange: (limit: number) => void }) {
  return (
    <SelectField
      label="Rows per page"
      options={LIMIT_OPTIONS}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  );
}

/** The line of totals above a list; 'Updating...' while a refetch runs. */
export function SummaryStrip({ updating = false, children }: { updating?: boolean; children: ReactNode }) {
  return (
    <div className="admin-summary-strip" aria-live="polite">
      {children}
      {updating && <span className="admin-muted">Updating...</span>}
    </div>
  );
}
