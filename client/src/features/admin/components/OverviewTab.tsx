import { useState, type FormEvent } from 'react';
import type { ActiveUser, LockedUser, TopWinner } from '@gogo/shared/api';
import { adminText, errorText, validationText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { DataTable, type Column } from '../../../components/DataTable';
import { Pager } from '../../../components/Pager';
import { TextField } from '../../../components/TextField';
import { ToastRegion } from '../../../components/Toast';
import { useToasts } from '../../../components/useToasts';
import { useLockedUsers, useSyncBalanceByEmail, useUnlockUser } from '../api/users';
import { adminErrorText } from '../api/http';
import { useActiveUsers, useTopWinners } from '../api/reports';
import { NameCell } from './playerCell';
import { actionColumn } from './ui';
import { ago, formatDateTime, formatNumber } from '../format';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** One email, one button: unlock and sync share this form (both need an email). */
function EmailTool(props: {
  title: string;
  description: string;
  action: string;
  busyLabel: string;
  run: (email: string) => Promise<string>;
}) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (email.trim() === '') {
      setOutcome({ kind: 'error', text: validationText.emailRequired });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', text: await props.run(email.trim()) });
      setEmail('');
    } catch (err) {
      setOutcome({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="admin-box form" onSubmit={onSubmit} noValidate>
      <h2>{props.title}</h2>
      <p className="admin-muted">{props.description}</p>
      <TextField
        label="Player email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="player@example.com"
        action={
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? props.busyLabel : props.action}
          </button>
        }
      />
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
    </form>
  );
}

/** Locked accounts, each unlocked with one click; the outcome shows as a toast. */
function LockedUsersTable() {
  const { data, isLoading, error } = useLockedUsers();
  const unlock = useUnlockUser();
  const { toasts, push, dismiss } = useToasts();
  const onUnlock = (u: LockedUser) =>
    unlock.mutate(u.email, {
      onSuccess: (r) => push({ tone: 'success', title: adminText.unlocked(r.username) }),
      onError: (err) => push({ tone: 'error', title: adminErrorText(err, errorText.unlockFailed) }),
    });
  const columns: ReadonlyArray<Column<LockedUser>> = [
    { key: 'username', header: 'Username', cell: (u) => u.username },
    { key: 'email', header: 'Email', cell: (u) => u.email },
    { key: 'until', header: 'Locked until', cell: (u) => formatDateTime(u.lockUntil) },
    { key: 'attempts', header: 'Failed attempts', numeric: true, cell: (u) => u.loginAttempts },
    actionColumn((u) => ({
      label: (
        <>
          Unlock <span className="visually-hidden">{u.username}</span>
        </>
      ),
      disabled: unlock.isPending,
      onClick: () => onUnlock(u),
    })),
  ];
  return (
    <section className="admin-box" aria-labelledby="locked-users-title">
      <h2 id="locked-users-title">Locked users</h2>
      <DataTable
        label="Locked users"
        columns={columns}
        rows={data?.lockedUsers ?? []}
        rowKey={(u) => u.id}
        loading={isLoading}
        error={error}
        emptyText="No account is locked."
      />
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </section>
  );
}

const WINNER_COLUMNS: ReadonlyArray<Column<TopWinner>> = [
  { key: 'rank', header: '#', numeric: true, cell: (w) => w.rank },
  {
    key: 'player',
    header: 'Player',
    cell: (w) => <NameCell name={w.username} sub={w.email} />,
  },
  { key: 'net', header: 'Net won', numeric: true, cell: (w) => `${formatNumber(w.netWinnings)} GOGO` },
  {
    key: 'jackpots',
    header: 'Jackpots',
    numeric: true,
    title: (w) => `${formatNumber(w.jackpotWinnings)} GOGO from jackpots`,
    cell: (w) => formatNumber(w.jackpotsHit),
  },
  { key: 'balance', header: 'Balance', numeric: true, cell: (w) => formatNumber(w.balance) },
];

function TopWinners() {
  const { data, isLoading, error } = useTopWinners(30);
  return (
    <section className="admin-box" aria-labelledby="top-winners-title">
      <h2 id="top-winners-title">Top winners, last 30 days</h2>
      <DataTable
        label="Top winners"
        columns={WINNER_COLUMNS}
        rows={data?.topWinners ?? []}
        rowKey={(w) => w.id}
        loading={isLoading}
        error={error}
        emptyText="Nobody has won GOGO yet."
      />
    </section>
  );
}

const ACTIVE_COLUMNS: ReadonlyArray<Column<ActiveUser>> = [
  {
    key: 'player',
    header: 'Player',
    cell: (u) => <NameCell name={u.username} sub={u.email} />,
  },
  { key: 'login', header: 'Last login', title: (u) => formatDateTime(u.lastLogin), cell: (u) => ago(u.lastLogin) },
  { key: 'balance', header: 'Balance', numeric: true, cell: (u) => formatNumber(u.balance) },
  { key: 'dice', header: 'Dice', numeric: true, cell: (u) => formatNumber(u.diceRollsRemaining) },
  { key: 'rolls', header: 'Rolls', numeric: true, cell: (u) => formatNumber(u.totalRolls) },
];

function ActivePlayers() {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useActiveUsers(page);
  return (
    <section className="admin-box" aria-labelledby="active-players-title">
      <h2 id="active-players-title">Active players (last login within 7 days)</h2>
      <DataTable
        label="Active players"
        columns={ACTIVE_COLUMNS}
        rows={data?.activeUsers ?? []}
        rowKey={(u) => u.id}
        loading={isLoading}
        error={error}
        emptyText="No player logged in this week."
      />
      {data && data.pagination.pages > 1 && (
        <Pager pagination={data.pagination} onPage={setPage} label="Active players pages" />
      )}
    </section>
  );
}

export function OverviewTab() {
  const unlock = useUnlockUser();
  const sync = useSyncBalanceByEmail();
  return (
    <div className="admin-stack">
      <div className="admin-grid-2">
        <EmailTool
          title="Unlock a user"
          description="Clears the lock after too many failed logins, so the player can log in again at once."
          action="Unlock"
          busyLabel="Unlocking..."
          run={async (email) => {
            try {
              const r = await unlock.mutateAsync(email);
              return r.wasLocked ? adminText.unlocked(r.username) : adminText.notLocked(r.username);
            } catch (err) {
              throw new Error(adminErrorText(err, errorText.unlockFailed));
            }
          }}
        />
        <EmailTool
          title="Sync a balance"
          description="Recomputes the player's cached GOGO and dice rolls from the ledger and shows old and new."
          action="Sync balance"
          busyLabel="Syncing..."
          run={async (email) => {
            try {
              const r = await sync.mutateAsync(email);
              return adminText.synced(r.username, r.oldGameStateBalance, r.newGameStateBalance);
            } catch (err) {
              throw new Error(adminErrorText(err, errorText.syncFailed));
            }
          }}
        />
      </div>
      <LockedUsersTable />
      <div className="admin-grid-2">
        <TopWinners />
        <ActivePlayers />
      </div>
    </div>
  );
}
