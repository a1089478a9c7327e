import { useState } from 'react';
import type { AdminTransaction } from '@gogo/shared/api';
import { errorText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterBar } from '../../../components/FilterBar';
import { Pager } from '../../../components/Pager';
import { SelectField } from '../../../components/SelectField';
import { StatusBadge } from '../../../components/Badge';
import { adminErrorText } from '../api/http';
import { fetchAllTransactions, useAllTransactions, type TransactionsQuery } from '../api/money';
import { downloadText, transactionsCsv } from '../csv';
import { TX_STATUSES, TX_TYPES, formatDateTime, formatNumber, humanize } from '../format';
import { PlayerCell } from './playerCell';
import { DateRange, RowsPerPage, SummaryStrip } from './ui';

/** At most this many rows go into one export (200 per request). */
const EXPORT_MAX_ROWS = 20_000;

const initial: TransactionsQuery = { startDate: '', endDate: '', type: '', status: '', page: 1, limit: 50 };
const TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...TX_TYPES.map((t) => ({ value: t, label: humanize(t) }))];
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...TX_STATUSES.map((s) => ({ value: s, label: humanize(s) })),
];

const COLUMNS: ReadonlyArray<Column<AdminTransaction>> = [
  { key: 'date', header: 'Date (UTC)', nowrap: true, cell: (t) => formatDateTime(t.createdAt) },
  { key: 'id', header: 'ID', cell: (t) => t._id },
  { key: 'player', header: 'Player', cell: (t) => <PlayerCell t={t} /> },
  { key: 'type', header: 'Type', cell: (t) => humanize(t.type) },
  { key: 'amount', header: 'Amount', numeric: true, cell: (t) => t.formattedAmount },
  { key: 'status', header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
  {
    key: 'description',
    header: 'Description',
    className: 'admin-desc',
    cell: (t) => (
      <>
        {t.description}
        {(t.metadata.adminNote || t.metadata.reason) && (
          <span className="admin-sub">{t.metadata.reason ?? t.metadata.adminNote}</span>
        )}
      </>
    ),
  },
  { key: 'reviewer', header: 'Reviewed by', cell: (t) => t.reviewedBy?.username ?? '—' },
];

/** All Transactions: filters, pages, a summary of every match, and a CSV export built in the browser. */
export function TransactionsTab() {
  const [query, setQuery] = useState<TransactionsQuery>(initial);
  const { data, isLoading, error, isFetching } = useAllTransactions(query);
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const set = (patch: Partial<TransactionsQuery>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 }));
  const rows = data?.allTransactions ?? [];
  const badRange = query.startDate !== '' && query.endDate !== '' && query.startDate > query.endDate;

  const exportCsv = async () => {
    if (exporting) return;
    setExportError(null);
    const collected: AdminTransaction[] = [];
    try {
      for (let page = 1; ; page += 1) {
        setExporting(`Exporting... ${formatNumber(collected.length)} rows`);
        const chunk = await fetchAllTransactions({ ...query, page, limit: 200 });
        collected.push(...chunk.allTransactions);
        if (page >= chunk.pagination.pages || collected.length >= EXPORT_MAX_ROWS) break;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      downloadText(`gogo-transactions-${stamp}.csv`, transactionsCsv(collected.slice(0, EXPORT_MAX_ROWS)));
    } catch (err) {
      setExportError(adminErrorText(err, errorText.fallback));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="admin-stack">
      <FilterBar
        label="Transaction filters"
        onReset={() => setQuery(initial)}
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={exportCsv}
            disabled={exporting !== null || !data || data.summary.totalTransactions === 0}
          >
            {exporting ?? 'Export CSV'}
          </button>
        }
      >
        <DateRange
          from={query.startDate}
          to={query.endDate}
          onChange={({ from, to }) => set({ startDate: from, endDate: to })}
        />
        <SelectField
          label="Type"
          options={TYPE_OPTIONS}
          value={query.type}
          onChange={(e) => set({ type: e.target.value })}
        />
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={query.status}
          onChange={(e) => set({ status: e.target.value })}
        />
        <RowsPerPage value={query.limit} onChange={(limit) => set({ limit })} />
      </FilterBar>
      {badRange && <Alert kind="error">The start date is after the end date.</Alert>}
      {exportError && <Alert kind="error">{exportError}</Alert>}
      {data && (
        <SummaryStrip updating={isFetching}>
          <span>
            <strong>{formatNumber(data.summary.totalTransactions)}</strong> transactions
          </span>
          <span>
            <strong>{formatNumber(data.summary.totalAmount)}</strong> GOGO moved
          </span>
          {Object.entries(data.summary.byType).map(([type, b]) => (
            <span key={type} className="chip">
              {humanize(type)}: {formatNumber(b.count)}
            </span>
          ))}
        </SummaryStrip>
      )}
      <DataTable
        label="All transactions"
        columns={COLUMNS}
        rows={rows}
        rowKey={(t) => t._id}
        loading={isLoading}
        error={badRange ? null : error}
        emptyText="No transaction matches these filters."
      />
      {data && data.pagination.total > 0 && (
        <Pager pagination={data.pagination} onPage={(page) => set({ page })} label="Transaction pages" />
      )}
    </div>
  );
}
