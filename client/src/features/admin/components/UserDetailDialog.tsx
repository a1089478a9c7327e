import { useId, useState, type FormEvent } from 'react';
import type { TestLoginResult } from '@gogo/shared/api';
import { adminText, errorText, ledgerKindText, validationText } from '@gogo/shared/messages';
import { ADMIN_RESET_PASSWORD_MIN } from '@gogo/shared/validation';
import { describeLedgerReason, ledgerKind } from '@gogo/shared/rules';
import { session } from '../../../lib/session';
import { paths } from '../../../app/paths';
import { adminErrorText } from '../api/http';
import {
  useResetPassword,
  useSyncBalance,
  useTestLogin,
  useUnlockUser,
  useUserDetail,
  useUserLedger,
} from '../api/users';
import { ago, formatDateTime, formatNumber, generatePassword } from '../format';
import { Dialog, Facts, Field, LoadState, Notice, Pager, TableFrame } from './ui';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

function Ledger({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useUserLedger(userId, page);
  const rows = data?.transactions ?? [];
  return (
    <section aria-labelledby={`ledger-${userId}`}>
      <h3 id={`ledger-${userId}`}>Ledger</h3>
      <LoadState loading={isLoading} error={error} empty={rows.length === 0} emptyText="No ledger entry yet." />
      {rows.length > 0 && (
        <TableFrame label="Ledger entries">
          <table className="admin-table admin-table--compact">
            <thead>
              <tr>
                <th scope="col">Date (UTC)</th>
                <th scope="col">What</th>
                <th scope="col">Type</th>
                <th scope="col" className="num">
                  Change
                </th>
                <th scope="col" className="num">
                  Balance after
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td className="nowrap">{formatDateTime(e.createdAt)}</td>
                  <td>{describeLedgerReason(e.reason)}</td>
                  <td data-testid="ledger-kind">{ledgerKindText[ledgerKind(e.type, e.reason)]}</td>
                  <td className={`num ${e.amount < 0 ? 'is-negative' : 'is-positive'}`}>
                    {e.amount > 0 ? '+' : ''}
                    {formatNumber(e.amount)} {e.asset === 'GOGO' ? 'GOGO' : 'dice'}
                  </td>
                  <td className="num">
                    {formatNumber(e.balanceAfter)} {e.asset === 'GOGO' ? 'GOGO' : 'dice'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {data && data.pagination.pages > 1 && (
        <Pager pagination={data.pagination} onPage={setPage} label="Ledger pages" />
      )}
    </section>
  );
}

function ResetPassword({ userId, username }: { userId: number; username: string }) {
  const id = useId();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [shown, setShown] = useState<string | null>(null);

  const next = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < ADMIN_RESET_PASSWORD_MIN) return setFieldError(validationText.adminPasswordTooShort);
    setFieldError(null);
    setConfirming(true);
  };
  const run = () => {
    if (reset.isPending) return;
    reset.mutate(
      { userId, newPassword: password },
      {
        onSuccess: (r) => {
          setShown(r.newPassword);
          setPassword('');
          setOutcome(null);
        },
        onError: (err) => setOutcome({ kind: 'error', text: adminErrorText(err, errorText.resetPasswordFailed) }),
        onSettled: () => setConfirming(false),
      },
    );
  };

  if (shown !== null) {
    return (
      <div className="admin-box admin-secret" role="status">
        <p>
          New password for <strong>{username}</strong> (shown once, not stored anywhere in clear; the player&apos;s
          sessions were signed out):
        </p>
        <p className="admin-secret__value">
          <code>{shown}</code>
        </p>
        <button type="button" className="button button--ghost admin-small" onClick={() => setShown(null)}>
          Hide it
        </button>
      </div>
    );
  }
  return (
    <form className="form admin-box" onSubmit={next} noValidate>
      <h3>Reset password</h3>
      <Field id={id} label="New password" hint="At least 6 characters. The player's sessions end." error={fieldError}>
        <div className="admin-inline">
          <input
            id={id}
            type="text"
            autoComplete="new-password"
            spellCheck={false}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldError !== null}
          />
          <button type="button" className="button button--ghost" onClick={() => setPassword(generatePassword())}>
            Generate
          </button>
        </div>
      </Field>
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      {confirming ? (
        <div className="admin-confirm">
          <p className="admin-confirm__question">Set this password for {username} and sign them out everywhere?</p>
          <div className="admin-actions admin-actions--start">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setConfirming(false)}
              disabled={reset.isPending}
            >
              Back
            </button>
            <button type="button" className="button button--danger" onClick={run} disabled={reset.isPending}>
              {reset.isPending ? 'Resetting...' : 'Confirm reset'}
            </button>
          </div>
        </div>
      ) : (
        <div className="admin-actions admin-actions--start">
          <button type="submit" className="button button--primary">
            Reset password
          </button>
        </div>
      )}
    </form>
  );
}

function TestLogin({ userId, username }: { userId: number; username: string }) {
  const test = useTestLogin();
  const [result, setResult] = useState<TestLoginResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    if (test.isPending) return;
    setError(null);
    test.mutate(userId, {
      onSuccess: setResult,
      onError: (err) => setError(adminErrorText(err, errorText.fallback)),
    });
  };
  const open = () => {
    if (!result) return;
    // Signs this browser in as the player (the admin session is kept apart) and opens the game.
    session.signIn(result.token, result.user);
    window.open(paths.game, '_blank', 'noopener');
  };
  return (
    <div className="admin-box">
      <h3>Test login</h3>
      <p className="admin-muted">
        Reproduce an issue as {username}: a player token valid for 15 minutes, written to the audit log. The
        player&apos;s password and sessions are not touched.
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {result ? (
        <>
          <Notice kind="success">
            Token issued for {result.user.username}, valid until {formatDateTime(result.expiresAt)}.
          </Notice>
          <div className="admin-actions admin-actions--start">
            <button type="button" className="button button--primary" onClick={open}>
              Open the game as {result.user.username}
            </button>
          </div>
          <p className="admin-hint">
            This browser&apos;s player session becomes {result.user.username}&apos;s until it expires or you log out
            there.
          </p>
        </>
      ) : (
        <button type="button" className="button button--ghost" onClick={run} disabled={test.isPending}>
          {test.isPending ? 'Issuing...' : `Sign in as ${username} (15 min)`}
        </button>
      )}
    </div>
  );
}

/** A player's page in the back office: who, balances against the ledger, progress, tools. */
export function UserDetailDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { data, isLoading, error } = useUserDetail(userId);
  const sync = useSyncBalance();
  const unlock = useUnlockUser();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const user = data?.user;
  const g = data?.gameState;

  return (
    <Dialog title={user ? `Player ${user.username}` : 'Player'} onClose={onClose} wide>
      <LoadState loading={isLoading} error={error} empty={false} emptyText="" />
      {user && (
        <div className="admin-stack">
          {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
          <div className="admin-grid-2">
            <section className="admin-box" aria-label="Account">
              <h3>Account</h3>
              <Facts
                items={[
                  ['ID', user._id],
                  ['Email', user.email],
                  ['Email verified', user.emailVerifiedAt ? `Yes, ${formatDateTime(user.emailVerifiedAt)}` : 'No'],
                  ['Joined', formatDateTime(user.createdAt)],
                  ['Last login', `${formatDateTime(user.lastLogin)} (${ago(user.lastLogin)})`],
                  ['Last seen', ago(user.lastSeen)],
                  [
                    'Login lock',
                    user.isLocked
                      ? `Locked until ${formatDateTime(user.lockUntil)} (${user.loginAttempts} failed attempts)`
                      : `Not locked (${user.loginAttempts} failed attempts)`,
                  ],
                ]}
              />
              {user.isLocked && (
                <button
                  type="button"
                  className="button button--ghost admin-small"
                  disabled={unlock.isPending}
                  onClick={() =>
                    unlock.mutate(user.email, {
                      onSuccess: (r) => setOutcome({ kind: 'success', text: adminText.unlocked(r.username) }),
                      onError: (err) =>
                        setOutcome({ kind: 'error', text: adminErrorText(err, errorText.unlockFailed) }),
                    })
                  }
                >
                  Unlock
                </button>
              )}
            </section>
            <section className="admin-box" aria-label="Balances">
              <h3>Balances</h3>
              <Facts
                items={[
                  ['GOGO (cached)', `${formatNumber(user.gameStateBalance)} GOGO`],
                  ['GOGO (ledger)', `${formatNumber(user.ledgerBalance)} GOGO`],
                  ['Dice rolls (cached)', formatNumber(user.diceRollsRemaining)],
                  ['Dice rolls (ledger)', formatNumber(user.ledgerDiceRolls)],
                  ['In sync', user.balanceSynced ? 'Yes' : 'No: sync it'],
                ]}
              />
              <button
                type="button"
                className="button button--ghost admin-small"
                disabled={sync.isPending}
                onClick={() =>
                  sync.mutate(user.id, {
                    onSuccess: (r) =>
                      setOutcome({
                        kind: 'success',
                        text: adminText.synced(r.username, r.oldGameStateBalance, r.newGameStateBalance),
                      }),
                    onError: (err) => setOutcome({ kind: 'error', text: adminErrorText(err, errorText.syncFailed) }),
                  })
                }
              >
                {sync.isPending ? 'Syncing...' : 'Sync balance from ledger'}
              </button>
            </section>
          </div>
          {g && (
            <section className="admin-box" aria-label="Progress">
              <h3>Progress</h3>
              <Facts
                items={[
                  ['Level', `${g.level} (${g.xp} XP)`],
                  ['Rolls', formatNumber(g.totalRolls)],
                  ['GOGO earned', formatNumber(g.totalTokensEarned)],
                  ['Jackpots', formatNumber(g.jackpotsHit)],
                  ['Laps', formatNumber(g.lapsCompleted)],
                  ['Achievements', g.unlockedAchievements.length ? g.unlockedAchievements.join(', ') : 'none'],
                ]}
              />
            </section>
          )}
          <Ledger userId={user.id} />
          <div className="admin-grid-2">
            <ResetPassword userId={user.id} username={user.username} />
            <TestLogin userId={user.id} username={user.username} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
