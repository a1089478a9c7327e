import { useId, useState } from 'react';
import type { AuditEntry } from '@gogo/shared/api';
import { useAuditLog, type AuditQuery } from '../api/audit';
import { AUDIT_ACTION_NAMES, LIST_LIMITS, formatDateTime, humanize } from '../format';
import { LoadState, Pager, TableFrame } from './ui';

const initial: AuditQuery = { action: '', adminId: '', targetUserId: '', from: '', to: '', page: 1, limit: 50 };

const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** 'status: pending → approved, balance: 0 → 25' from the before and after of an entry. */
export function describeChange(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const parts: string[] = [];
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    if (key in before && key in after) {
      if (JSON.stringify(a) !== JSON.stringify(b)) parts.push(`${key}: ${show(a)} → ${show(b)}`);
    } else if (key in after) {
      if (b !== null && b !== undefined) parts.push(`${key}: ${show(b)}`);
    } else {
      parts.push(`${key} was ${show(a)}`);
    }
  }
  return parts.join(', ') || '—';
}

function target(e: AuditEntry): string {
  const parts: string[] = [];
  if (e.targetUserId !== null)
    parts.push(e.targetUsername ? `${e.targetUsername} (#${e.targetUserId})` : `user #${e.targetUserId}`);
  if (e.targetType === 'money_tx' && e.targetId !== null) parts.push(`transaction #${e.targetId}`);
  if (e.targetType === 'admin' && e.targetId !== null) parts.push(`admin #${e.targetId}`);
  return parts.join(' · ') || '—';
}

/** Audit Log: every admin action, newest first, with filters. */
export function AuditTab() {
  const ids = { action: useId(), admin: useId(), user: useId(), from: useId(), to: useId(), limit: useId() };
  const [query, setQuery] = useState<AuditQuery>(initial);
  const { data, isLoading, error } = useAuditLog(query);
  const set = (patch: Partial<AuditQuery>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 }));
  const digits = (v: string) => v.replace(/\D+/g, '');
  const rows = data?.entries ?? [];
  return (
    <div className="admin-stack">
      <form className="admin-filters" onSubmit={(e) => e.preventDefault()} aria-label="Audit filters">
        <div className="form__field">
          <label htmlFor={ids.action}>Action</label>
          <select id={ids.action} value={query.action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">All actions</option>
            {AUDIT_ACTION_NAMES.map((a) => (
              <option key={a} value={a}>
                {humanize(a)}
              </option>
            ))}
          </select>
        </div>
        <div className="form__field admin-filters__narrow">
          <label htmlFor={ids.admin}>Admin ID</label>
          <input
            id={ids.admin}
            inputMode="numeric"
            value={query.adminId}
            onChange={(e) => set({ adminId: digits(e.target.value) })}
          />
        </div>
        <div className="form__field admin-filters__narrow">
          <label htmlFor={ids.user}>Player ID</label>
          <input
            id={ids.user}
            inputMode="numeric"
            value={query.targetUserId}
            onChange={(e) => set({ targetUserId: digits(e.target.value) })}
          />
        </div>
        <div className="form__field">
          <label htmlFor={ids.from}>From</label>
          <input id={ids.from} type="date" value={query.from} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="form__field">
          <label htmlFor={ids.to}>To</label>
          <input id={ids.to} type="date" value={query.to} onChange={(e) => set({ to: e.target.value })} />
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
        </div>
      </form>
      <LoadState loading={isLoading} error={error} empty={rows.length === 0} emptyText="No audit entry matches." />
      {rows.length > 0 && (
        <TableFrame label="Audit log">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Change</th>
                <th scope="col">IP</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td className="nowrap">{formatDateTime(e.createdAt)}</td>
                  <td className="nowrap">
                    {e.admin.username} <span className="admin-sub">#{e.admin.id}</span>
                  </td>
                  <td>{humanize(e.action)}</td>
                  <td>{target(e)}</td>
                  <td className="admin-desc">{describeChange(e)}</td>
                  <td>{e.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {data && data.pagination.total > 0 && (
        <Pager pagination={data.pagination} onPage={(page) => set({ page })} label="Audit pages" />
      )}
    </div>
  );
}
