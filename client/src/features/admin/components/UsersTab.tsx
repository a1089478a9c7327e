import { useEffect, useId, useState } from 'react';
import type { UserSortField } from '@gogo/shared/api';
import { useUsers, type UsersQuery } from '../api/users';
import { LIST_LIMITS, ago, formatDateTime, formatNumber } from '../format';
import { UserDetailDialog } from './UserDetailDialog';
import { LoadState, Pager, TableFrame } from './ui';

const SORTS: Array<[UserSortField, string]> = [
  ['createdAt', 'Joined'],
  ['username', 'Username'],
  ['email', 'Email'],
  ['lastLogin', 'Last login'],
  ['balance', 'Balance'],
  ['totalRolls', 'Rolls'],
];

/** Users: search, sort, pages, and a player's detail (ledger, sync, reset password, test login). */
export function UsersTab() {
  const ids = { search: useId(), sort: useId(), order: useId(), limit: useId() };
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

  const rows = data?.users ?? [];
  return (
    <div className="admin-stack">
      <form className="admin-filters" onSubmit={(e) => e.preventDefault()} role="search" aria-label="Find players">
        <div className="form__field admin-filters__grow">
          <label htmlFor={ids.search}>Search</label>
          <input
            id={ids.search}
            type="search"
            placeholder="Username or email"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <div className="form__field">
          <label htmlFor={ids.sort}>Sort by</label>
          <select id={ids.sort} value={query.sortBy} onChange={(e) => set({ sortBy: e.target.value as UserSortField })}>
            {SORTS.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="form__field">
          <label htmlFor={ids.order}>Order</label>
          <select
            id={ids.order}
            value={query.sortOrder}
            onChange={(e) => set({ sortOrder: e.target.value as 'asc' | 'desc' })}
          >
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
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
      </form>
      {data && (
        <div className="admin-summary-strip" aria-live="polite">
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
          {isFetching && <span className="admin-muted">Updating...</span>}
        </div>
      )}
      <LoadState loading={isLoading} error={error} empty={rows.length === 0} emptyText="No player matches." />
      {rows.length > 0 && (
        <TableFrame label="Players">
          <table className="admin-table admin-table--rows">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col" className="num">
                  Balance
                </th>
                <th scope="col" className="num">
                  Ledger
                </th>
                <th scope="col" className="num">
                  Dice
                </th>
                <th scope="col" className="num">
                  Rolls
                </th>
                <th scope="col">Last login</th>
                <th scope="col">Joined</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id} onClick={() => setOpenId(u.id)}>
                  <td>
                    {u.username}
                    <span className="admin-sub">{u.email}</span>
                  </td>
                  <td className="num">{formatNumber(u.gameStateBalance)}</td>
                  <td className="num">{formatNumber(u.ledgerBalance)}</td>
                  <td className="num">{formatNumber(u.diceRollsRemaining)}</td>
                  <td className="num">{formatNumber(u.totalRolls)}</td>
                  <td title={formatDateTime(u.lastLogin)}>{ago(u.lastLogin)}</td>
                  <td>{formatDateTime(u.createdAt)}</td>
                  <td>
                    {u.isLocked && <span className="admin-badge admin-badge--rejected">locked</span>}{' '}
                    {!u.balanceSynced && <span className="admin-badge admin-badge--failed">out of sync</span>}
                    {!u.isLocked && u.balanceSynced && <span className="admin-badge admin-badge--completed">ok</span>}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost admin-small"
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpenId(u.id);
                      }}
                    >
                      Details <span className="visually-hidden">of {u.username}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {data && data.pagination.total > 0 && (
        <Pager pagination={data.pagination} onPage={(page) => set({ page })} label="Player pages" />
      )}
      {openId !== null && <UserDetailDialog userId={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
