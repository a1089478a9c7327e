import { useEffect, useState } from 'react';
import type { AdminUserView, UserSortField } from '@gogo/shared/api';
import { Badge } from '../../../components/Badge';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterBar } from '../../../components/FilterBar';
import { Pager } from '../../../components/Pager';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { useUsers, type UsersQuery } from '../api/users';
import { NameCell } from './playerCell';
import { ago, formatDateTime, formatNumber } from '../format';
import { UserDetailDialog } from './UserDetailDialog';
import { RowsPerPage, SummaryStrip, actionColumn } from './ui';

const SORTS: Array<{ value: UserSortField; label: string }> = [
  { value: 'createdAt', label: 'Joined' },
  { value: 'username', label: 'Username' },
  { value: 'email', label: 'Email' },
  { value: 'lastLogin', label: 'Last login' },
  { value: 'balance', label: 'Balance' },
  { value: 'totalRolls', label: 'Rolls' },
];
const ORDERS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
];

function columns(onOpen: (id: number) => void): ReadonlyArray<Column<AdminUserView>> {
  const count = (pick: (u: AdminUserView) => number) => (u: AdminUserView) => formatNumber(pick(u));
  return [
    {
      key: 'player',
      header: 'Player',
      sortKey: 'username',
      cell: (u) => <NameCell name={u.username} sub={u.email} />,
    },
    { key: 'balance', header: 'Balance', numeric: true, sortKey: 'balance', cell: count((u) => u.gameStateBalance) },
    { key: 'ledger', header: 'Ledger', numeric: true, cell: count((u) => u.ledgerBalance) },
    { key: 'dice', header: 'Dice', numeric: true, cell: count((u) => u.diceRollsRemaining) },
    { key: 'rolls', header: 'Rolls', numeric: true, sortKey: 'totalRolls', cell: count((u) => u.totalRolls) },
    {
      key: 'lastLogin',
      header: 'Last login',
      sortKey: 'lastLogin',
      title: (u) => formatDateTime(u.lastLogin),
      cell: (u) => ago(u.lastLogin),
    },
    { key: 'joined', header: 'Joined', sortKey: 'createdAt', cell: (u) => formatDateTime(u.createdAt) },
    {
      key: 'state',
      header: 'State',
      cell: (u) => (
        <>
          {u.isLocked && <Badge tone="danger">locked</Badge>}{' '}
          {!u.balanceSynced && <Badge tone="danger">out of sync</Badge>}
          {!u.isLocked && u.balanceSynced && <Badge tone="success">ok</Badge>}
        </>
      ),
    },
    actionColumn((u) => ({
      label: (
        <>
          Details <span className="visually-hidden">of {u.username}</span>
        </>
      ),
      onClick: () => onOpen(u.id),
    })),
  ];
}

/** Users: search, sort (the selects or the column headers), pages, and a player's detail. */
export function UsersTab() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<UsersQuery>({
    search: '',
    sortBy: 'createdAt',
    sortOrder: 'desc',
    page: 1,
    limit: 50,
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, isLoading, error, isFetching } = useUsers(query);
  const set = (patch: Partial<UsersQuery>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 }));

  // Search as the admin types, once the typing pauses.
  useEffect(() => {
    const timer = setTimeout(
      () => setQuery((q) => (q.search === typed.trim() ? q : { ...q, search: typed.trim(), page: 1 })),
      300,
    );
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <div className="admin-stack">
      <FilterBar label="Find players" role="search">
        <TextField
          label="Search"
          className="filter-bar__grow"
          type="search"
          placeholder="Username or email"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <SelectField
          label="Sort by"
          options={SORTS}
          value={query.sortBy}
          onChange={(e) => set({ sortBy: e.target.value as UserSortField })}
        />
        <SelectField
          label="Order"
          options={ORDERS}
          value={query.sortOrder}
          onChange={(e) => set({ sortOrder: e.target.value as 'asc' | 'desc' })}
        />
        <RowsPerPage value={query.limit} onChange={(limit) => set({ limit })} />
      </FilterBar>
      {data && (
        <SummaryStrip updating={isFetching}>
          <span>
            <strong>{formatNumber(data.summary.totalUsers)}</strong> players
          </span>
          <span>
            <strong>{formatNumber(data.summary.activeUsers)}</strong> active in 7 days
          </span>
          <span>
            <strong>{formatNumber(data.summary.totalBalance)}</strong> GOGO held
          </span>
          <span>
            <strong>{formatNumber(data.summary.averageBalance)}</strong> GOGO on average
          </span>
        </SummaryStrip>
      )}
      <DataTable
        label="Players"
        columns={columns(setOpenId)}
        rows={data?.users ?? []}
        rowKey={(u) => u.id}
        loading={isLoading}
        error={error}
        emptyText="No player matches."
        sort={{ key: query.sortBy, order: query.sortOrder }}
        onSort={(key, order) => set({ sortBy: key as UserSortField, sortOrder: order })}
        onRowClick={(u) => setOpenId(u.id)}
      />
      {data && data.pagination.total > 0 && (
        <Pager pagination={data.pagination} onPage={(page) => set({ page })} label="Player pages" />
      )}
      {openId !== null && <UserDetailDialog userId={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
