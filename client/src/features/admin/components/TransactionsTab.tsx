import { useId, useState } from 'react';
import type { AdminTransaction } from '@gogo/shared/api';
import { errorText } from '@gogo/shared/messages';
import { adminErrorText } from '../api/http';
import { fetchAllTransactions, useAllTransactions, type TransactionsQuery } from '../api/money';
import { downloadText, transactionsCsv } from '../csv';
import { LIST_LIMITS, TX_STATUSES, TX_TYPES, formatDateTime, formatNumber, humanize } from '../format';
import { playerLabel } from './ReviewDialogs';
import { LoadState, Notice, Pager, StatusBadge, TableFrame } from './ui';

/** At most this many rows go into one export (200 per request). */
const EXPORT_MAX_ROWS = 20_000;

const initial: TransactionsQuery = { startDate: '', endDate: '', type: '', status: '', page: 1, limit: 50 };

/** All Transactions: filters, pages, a summary of every match, and a CSV export built in the browser. */
export function TransactionsTab() {
  const ids = { start: useId(), end: useId(), type: useId(), status: useId(), limit: useId() };
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
      <form className="admin-filters" onSubmit={(e) => e.preventDefault()} aria-label="Transaction filters">
        <div className="form__field">
          <label htmlFor={ids.start}>From</label>
          <input
            id={ids.start}
            type="date"
            value={query.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
          />
        </div>
        <div className="form__field">
          <label htmlFor={ids.end}>To</label>
          <input id={ids.end} type="date" value={query.endDate} onChange={(e) => set({ endDate: e.target.value })} />
        </div>
        <div className="form__field">
          <label htmlFor={ids.type}>Type</label>
          <select id={ids.type} value={query.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">All types</option>
            {TX_TYPES.map((t) => (
              <option key={t} value={t}>
                {humanize(t)}
              </option>
            ))}
          </select>
        </div>
        <div className="form__field">
          <label htmlFor={ids.status}>Status</label>
          <select id={ids.status} value={query.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">All statuses</option>
            {TX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {humanize(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="form__field">
          <label htmlFor={ids.limit}>Rows per page</label>
          <select id={ids.limit} value={query.limit} onChange={(e) => set({ limit: Number(e.target.value) })}>
            {LIST_LIMITS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filters__actions">
          <button type="button" className="button button--ghost" onClick={() => setQuery(initial)}>
            Reset
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={exportCsv}
            disabled={exporting !== null || !data || data.summary.totalTransactions === 0}
          >
            {exporting ?? 'Export CSV'}
          </button>
        </div>
      </form>
      {badRange && <Notice kind="error">The start date is after the end date.</Notice>}
      {exportError && <Notice kind="error">{exportError}</Notice>}
      {data && (
        <div className="admin-summary-strip" aria-live="polite">
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
          {isFetching && <span className="admin-muted">Updating...</span>}
        </div>
      )}
      <LoadState
        loading={isLoading}
        error={badRange ? null : error}
        empty={rows.length === 0}
        emptyText="No transaction matches these filters."
      />
      {rows.length > 0 && (
        <TableFrame label="All transactions">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Date (UTC)</th>
                <th scope="col">ID</th>
                <th scope="col">Player</th>
                <th scope="col">Type</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Description</th>
                <th scope="col">Reviewed by</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t._id}>
                  <td className="nowrap">{formatDateTime(t.createdAt)}</td>
                  <td>{t._id}</td>
                  <td>
                    {playerLabel(t)}
                    {!t.userMissing && <span className="admin-sub">{t.userId.email}</span>}
                  </td>
                  <td>{humanize(t.type)}</td>
                  <td className="num">{t.formattedAmount}</td>
                  <td>
                    <StatusBadge status={t.status} />
                  </td>
                  <td className="admin-desc">
                    {t.description}
                    {(t.metadata.adminNote || t.metadata.reason) && (
                      <span className="admin-sub">{t.metadata.reason ?? t.metadata.adminNote}</span>
                    )}
                  </td>
                  <td>{t.reviewedBy?.username ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {data && data.pagination.total > 0 && (
        <Pager pagination={data.pagination} onPage={(page) => set({ page })} label="Transaction pages" />
      )}
    </div>
  );
}
