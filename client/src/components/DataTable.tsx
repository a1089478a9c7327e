import type { ReactNode } from 'react';
import { ListState } from './ListState';
import './DataTable.css';

export type SortOrder = 'asc' | 'desc';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers: right-aligned, tabular, one line. */
  numeric?: boolean;
  /** One line (dates). */
  nowrap?: boolean;
  /** Extra class of the cell ('admin-desc'). */
  className?: string | ((row: Row) => string | undefined);
  /** A test id on each cell of the column. */
  testId?: string;
  /** The header sorts the rows by this key (the server sorts; the table only asks). */
  sortKey?: string;
  /** The title attribute of a cell (the full date under '3h ago'). */
  title?: (row: Row) => string | undefined;
}

interface Props<Row> {
  /** The scrollable region's name ('Pending deposits'). */
  label: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  error?: unknown;
  /** The empty state ('No deposit is waiting.'). */
  emptyText: string;
  sort?: { key: string; order: SortOrder };
  onSort?: (key: string, order: SortOrder) => void;
  /** The whole row opens it; its last column (an action button) stays in view when scrolled sideways. */
  onRowClick?: (row: Row) => void;
  rowClassName?: (row: Row) => string | undefined;
  density?: 'normal' | 'compact';
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A table in a horizontally scrollable, focusable frame, with its loading, error and empty states,
 * and headers that sort (aria-sort, a button per sortable header) when the caller passes `onSort`.
 */
export function DataTable<Row>(props: Props<Row>) {
  const { label, columns, rows, rowKey, loading = false, error, emptyText, sort, onSort, onRowClick } = props;
  if (loading || error || rows.length === 0) {
    return <ListState loading={loading} error={error} empty={rows.length === 0} emptyText={emptyText} />;
  }

  const tableClass = [
    'data-table',
    onRowClick ? 'data-table--rows' : null,
    props.density === 'compact' ? 'data-table--compact' : null,
  ]
    .filter(Boolean)
    .join(' ');
  const cellClass = (column: Column<Row>, row: Row) =>
    [
      column.numeric ? 'num' : null,
      column.nowrap ? 'nowrap' : null,
      typeof column.className === 'function' ? column.className(row) : column.className,
    ]
      .filter(Boolean)
      .join(' ') || undefined;

  const header = (column: Column<Row>) => {
    const active = sort && column.sortKey === sort.key ? sort.order : null;
    return (
      <th
        key={column.key}
        scope="col"
        className={column.numeric ? 'num' : undefined}
        aria-sort={column.sortKey && onSort ? (active ? ARIA_SORT[active] : 'none') : undefined}
      >
        {column.sortKey && onSort ? (
          <button
            type="button"
            className="data-table__sort"
            onClick={() => onSort(column.sortKey!, active === 'desc' ? 'asc' : 'desc')}
          >
            {column.header}
            <span className="data-table__arrow" aria-hidden="true">
              <svg viewBox="0 0 10 14" width="9" height="12" fill="currentColor" focusable="false">
                {active !== 'desc' ? <path d="M5 1l4 5H1z" opacity={active === 'asc' ? 1 : 0.45} /> : null}
                {active !== 'asc' ? <path d="M5 13l4-5H1z" opacity={active === 'desc' ? 1 : 0.45} /> : null}
              </svg>
            </span>
          </button>
        ) : (
          column.header
        )}
      </th>
    );
  };

  return (
    <div className="data-table__frame" role="region" aria-label={label} tabIndex={0}>
      <table className={tableClass}>
        <thead>
          <tr>{columns.map(header)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={props.rowClassName?.(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cellClass(column, row)}
                  data-testid={column.testId}
                  title={column.title?.(row)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
