import { useState } from 'react';
import type { AuditEntry } from '@gogo/shared/api';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterBar } from '../../../components/FilterBar';
import { Pager } from '../../../components/Pager';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { useAuditLog, type AuditQuery } from '../api/audit';
import { AUDIT_ACTION_NAMES, formatDateTime, humanize } from '../format';
import { DateRange, RowsPerPage } from './ui';

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

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTION_NAMES.map((a) => ({ value: a, label: humanize(a) })),
];

const COLUMNS: ReadonlyArray<Column<AuditEntry>> = [
  { key: 'when', header: 'When (UTC)', nowrap: true, cell: (e) => formatDateTime(e.createdAt) },
  {
    key: 'admin',
    header: 'Admin',
    nowrap: true,
    cell: (e) => (
      <>
        {e.admin.username} <span className="admin-sub">#{e.admin.id}</span>
      </>
    ),
  },
  { key: 'action', header: 'Action', cell: (e) => humanize(e.action) },
  { key: 'target', header: 'Target', cell: target },
  { key: 'change', header: 'Change', className: 'admin-desc', cell: describeChange },
  { key: 'ip', header: 'IP', cell: (e) => e.ip ?? '—' },
];

const ID_FILTERS: Array<[string, 'adminId' | 'targetUserId']> = [
  ['Admin ID', 'adminId'],
  ['Player ID', 'targetUserId'],
];

const digits = (v: string) => v.replace(/\D+/g, '');

/** Audit Log: every admin action, newest first, with filters. */
export function AuditTab() {
  const [query, setQuery] = useState<AuditQuery>(initial);
  const { data, isLoading, error } = useAuditLog(query);
  const set = (patch: Partial<AuditQuery>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 }));
  return (
    <div className="admin-stack">
      <FilterBar label="Audit filters" onReset={() => setQuery(initial)}>
        <SelectField
          label="Action"
          options={ACTION_OPTIONS}
          value={query.action}
          onChange={(e) => set({ action: e.target.value })}
        />
        {ID_FILTERS.map(([label, key]) => (
          <TextField
            key={key}
            label={label}
            className="filter-bar__narrow"
            inputMode="numeric"
            value={query[key]}
            onChange={(e) => set({ [key]: digits(e.target.value) })}
          />
        ))}
        <DateRange from={query.from} to={query.to} onChange={(range) => set(range)} />
        <RowsPerPage value={query.limit} onChange={(limit) => set({ limit })} />
      </FilterBar>
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        rows={data?.entries ?? []}
        rowKey={(e) => e.id}
        loading={isLoading}
        error={error}
        emptyText="No audit entry matches."
      />
      {data && data.pagination.total > 0 && (
        <Pager pagination={data.pagination} onPage={(page) => set({ page })} label="Audit pages" />
      )}
    </div>
  );
}
