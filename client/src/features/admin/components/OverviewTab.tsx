import { useId, useState, type FormEvent } from 'react';
import { adminText, errorText, validationText } from '@gogo/shared/messages';
import { useLockedUsers, useSyncBalanceByEmail, useUnlockUser } from '../api/users';
import { adminErrorText } from '../api/http';
import { useActiveUsers, useTopWinners } from '../api/reports';
import { ago, formatDateTime, formatNumber } from '../format';
import { LoadState, Notice, Pager, TableFrame } from './ui';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** One email, one button: unlock and sync share this form (both need an email, spec section 5). */
function EmailTool({
  title,
  description,
  action,
  busyLabel,
  run,
}: {
  title: string;
  description: string;
  action: string;
  busyLabel: string;
  run: (email: string) => Promise<string>;
}) {
  const id = useId();
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
      setOutcome({ kind: 'success', text: await run(email.trim()) });
      setEmail('');
    } catch (err) {
      setOutcome({ kind: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="admin-box form" onSubmit={onSubmit} noValidate>
      <h2>{title}</h2>
      <p className="admin-muted">{description}</p>
      <div className="form__field">
        <label htmlFor={id}>Player email</label>
        <div className="admin-inline">
          <input
            id={id}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="player@example.com"
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? busyLabel : action}
          </button>
        </div>
      </div>
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
    </form>
  );
}

function LockedUsersTable() {
  const { data, isLoading, error } = useLockedUsers();
  const unlock = useUnlockUser();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const rows = data?.lockedUsers ?? [];
  return (
    <section className="admin-box" aria-labelledby="locked-users-title">
      <h2 id="locked-users-title">Locked users</h2>
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      <LoadState loading={isLoading} error={error} empty={rows.length === 0} emptyText="No account is locked." />
      {rows.length > 0 && (
        <TableFrame label="Locked users">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Email</th>
                <th scope="col">Locked until</th>
                <th scope="col" className="num">
                  Failed attempts
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id}>
                  <td>{u.username}</td>
                  <td>{u.email}</td>
                  <td>{formatDateTime(u.lockUntil)}</td>
                  <td className="num">{u.loginAttempts}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost admin-small"
                      disabled={unlock.isPending}
                      onClick={() =>
                        unlock.mutate(u.email, {
                          onSuccess: (r) => setOutcome({ kind: 'success', text: adminText.unlocked(r.username) }),
                          onError: (err) =>
                            setOutcome({ kind: 'error', text: adminErrorText(err, errorText.unlockFailed) }),
                        })
                      }
                    >
                      Unlock <span className="visually-hidden">{u.username}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

function TopWinners() {
  const { data, isLoading, error } = useTopWinners(30);
  const rows = data?.topWinners ?? [];
  return (
    <section className="admin-box" aria-labelledby="top-winners-title">
      <h2 id="top-winners-title">Top winners, last 30 days</h2>
      <LoadState loading={isLoading} error={error} empty={rows.length === 0} emptyText="Nobody has won GOGO yet." />
      {rows.length > 0 && (
        <TableFrame label="Top winners">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">Player</th>
                <th scope="col" className="num">
                  Net won
                </th>
                <th scope="col" className="num">
                  Jackpots
                </th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((w) => (
                <tr key={w.id}>
                  <td className="num">{w.rank}</td>
                  <td>
                    {w.username}
                    <span className="admin-sub">{w.email}</span>
                  </td>
                  <td className="num">{formatNumber(w.netWinnings)} GOGO</td>
                  <td className="num" title={`${formatNumber(w.jackpotWinnings)} GOGO from jackpots`}>
                    {formatNumber(w.jackpotsHit)}
                  </td>
                  <td className="num">{formatNumber(w.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

function ActivePlayers() {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useActiveUsers(page);
  const rows = data?.activeUsers ?? [];
  return (
    <section className="admin-box" aria-labelledby="active-players-title">
      <h2 id="active-players-title">Active players (last login within 7 days)</h2>
      <LoadState
        loading={isLoading}
        error={error}
        empty={rows.length === 0}
        emptyText="No player logged in this week."
      />
      {rows.length > 0 && (
        <TableFrame label="Active players">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Last login</th>
                <th scope="col" className="num">
                  Balance
                </th>
                <th scope="col" className="num">
                  Dice
                </th>
                <th scope="col" className="num">
                  Rolls
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id}>
                  <td>
                    {u.username}
                    <span className="admin-sub">{u.email}</span>
                  </td>
                  <td title={formatDateTime(u.lastLogin)}>{ago(u.lastLogin)}</td>
                  <td className="num">{formatNumber(u.balance)}</td>
                  <td className="num">{formatNumber(u.diceRollsRemaining)}</td>
                  <td className="num">{formatNumber(u.totalRolls)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
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
    <div className="admin-overview">
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
