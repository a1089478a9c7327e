import type { ReactNode } from 'react';
import type { Column } from '../../../components/DataTable';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
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

/** The From and To dates of a list's filters (YYYY-MM-DD, empty for no bound). */
export function DateRange(props: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { from, to, onChange } = props;
  return (
    <>
      <TextField label="From" type="date" value={from} onChange={(e) => onChange({ from: e.target.value, to })} />
      <TextField label="To" type="date" value={to} onChange={(e) => onChange({ from, to: e.target.value })} />
    </>
  );
}

/**
 * A table's last column: one small button per row (Review, Details, Unlock) under a header only screen
 * readers hear. The click does not reach the row (a row click may open the same thing).
 */
export function actionColumn<Row>(
  action: (row: Row) => { label: ReactNode; onClick: () => void; tone?: 'primary' | 'ghost'; disabled?: boolean },
): Column<Row> {
  return {
    key: 'actions',
    header: <span className="visually-hidden">Actions</span>,
    cell: (row) => {
      const { label, onClick, tone = 'ghost', disabled = false } = action(row);
      return (
        <button
          type="button"
          className={`button button--${tone} admin-small`}
          disabled={disabled}
          onClick={(e) => {
            e.stopPropagation();
            onClick();
          }}
        >
          {label}
        </button>
      );
    },
  };
}
