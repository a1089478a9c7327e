import { useState, type FormEvent } from 'react';
import type { LedgerResult, TestLoginResult } from '@gogo/shared/api';
import { adminText, errorText, ledgerKindText, validationText } from '@gogo/shared/messages';
import { ADMIN_RESET_PASSWORD_MIN } from '@gogo/shared/validation';
import { describeLedgerReason, ledgerKind } from '@gogo/shared/rules';
import { session } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { adminErrorText } from '../api/http';
import { AdminBoardFacts } from './AdminBoardFacts';
import {
  useResetPassword,
  useSyncBalance,
  useTestLogin,
  useUnlockUser,
  useUserDetail,
  useUserLedger,
} from '../api/users';
import { ago, formatDateTime, formatNumber, generatePassword } from '../format';
import { Alert } from '../../../components/Alert';
import { ConfirmPanel } from '../../../components/ConfirmPanel';
import { CopyButton } from '../../../components/CopyButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { ListState } from '../../../components/ListState';
import { Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { TextField } from '../../../components/TextField';
import { Facts } from './ui';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

type LedgerEntry = LedgerResult['transactions'][number];

const unitOf = (e: LedgerEntry) => (e.asset === 'GOGO' ? 'GOGO' : 'dice');

const LEDGER_COLUMNS: ReadonlyArray<Column<LedgerEntry>> = [
  { key: 'date', header: 'Date (UTC)', nowrap: true, cell: (e) => formatDateTime(e.createdAt) },
  { key: 'what', header: 'What', cell: (e) => describeLedgerReason(e.reason) },
  { key: 'kind', header: 'Type', testId: 'ledger-kind', cell: (e) => ledgerKindText[ledgerKind(e.type, e.reason)] },
  {
    key: 'change',
    header: 'Change',
    numeric: true,
    className: (e) => (e.amount < 0 ? 'is-negative' : 'is-positive'),
    cell: (e) => `${e.amount > 0 ? '+' : ''}${formatNumber(e.amount)} ${unitOf(e)}`,
  },
  { key: 'after', header: 'Balance after', numeric: true, cell: (e) => `${formatNumber(e.balanceAfter)} ${unitOf(e)}` },
];

function Ledger({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useUserLedger(userId, page);
  return (
    <section aria-labelledby={`ledger-${userId}`}>
      <h3 id={`ledger-${userId}`}>Ledger</h3>
      <DataTable
        label="Ledger entries"
        columns={LEDGER_COLUMNS}
        rows={data?.transactions ?? []}
        rowKey={(e) => e.id}
        loading={isLoading}
        error={error}
        emptyText="No ledger entry yet."
        density="compact"
      />
      {data && data.pagination.pages > 1 && (
        <Pager pagination={data.pagination} onPage={setPage} label="Ledger pages" />
      )}
    </section>
  );
}

function ResetPassword({ userId, username }: { userId: number; username: string }) {
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
        <div className="admin-secret__row">
          <p className="admin-secret__value">
            <code>{shown}</code>
          </p>
          <CopyButton value={shown} label={`Copy the new password of ${username}`} />
        </div>
        <button type="button" className="button button--ghost admin-small" onClick={() => setShown(null)}>
          Hide it
        </button>
      </div>
    );
  }
  return (
    <form className="form admin-box" onSubmit={next} noValidate>
      <h3>Reset password</h3>
      <TextField
        label="New password"
        hint="At least 6 characters. The player's sessions end."
        error={fieldError}
        type="text"
        autoComplete="new-password"
        spellCheck={false}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        action={
          <button type="button" className="button button--ghost" onClick={() => setPassword(generatePassword())}>
            Generate
          </button>
        }
      />
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      {confirming ? (
        <ConfirmPanel
          question={`Set this password for ${username} and sign them out everywhere?`}
          confirmLabel="Confirm reset"
          busyLabel="Resetting..."
          tone="danger"
          align="start"
          busy={reset.isPending}
          onConfirm={run}
          onBack={() => setConfirming(false)}
        />
      ) : (
        <div className="confirm-actions confirm-actions--start">
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
      {error && <Alert kind="error">{error}</Alert>}
      {result ? (
        <>
          <Alert kind="success">
            Token issued for {result.user.username}, valid until {formatDateTime(result.expiresAt)}.
          </Alert>
          <div className="confirm-actions confirm-actions--start">
            <button type="button" className="button button--primary" onClick={open}>
              Open the game as {result.user.username}
            </button>
          </div>
          <p className="field__hint">
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
    <Modal title={user ? `Player ${user.username}` : 'Player'} onClose={onClose} size="wide">
      <ListState loading={isLoading} error={error} empty={false} emptyText="" />
      {user && (
        <div className="admin-stack">
          {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
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
          {data && <AdminBoardFacts board={data.board} boardsCompleted={data.boardsCompleted} />}
          <Ledger userId={user.id} />
          <div className="admin-grid-2">
            <ResetPassword userId={user.id} username={user.username} />
            <TestLogin userId={user.id} username={user.username} />
          </div>
        </div>
      )}
    </Modal>
  );
}
