import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UserProfile } from '@gogo/shared/api';
import { Checkbox } from '../../../components/Checkbox';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { TextAreaField, TextField } from '../../../components/TextField';
import { messageForError } from '../../../lib/api/errors';
import { session } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { deactivateAccount, deleteAccount, revokeSessions } from './api';

/** Deactivate (until the next login) or delete the account, each behind a confirmation. */
export function AccountCard({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'deactivate' | 'delete' | null>(null);
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setDialog(null);
    setError(null);
    setPassword('');
    setUnderstood(false);
  };
  const leave = () => {
    session.signOut();
    navigate(paths.home, { replace: true });
  };
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      leave();
    } catch (err) {
      setError(messageForError(err));
      setBusy(false);
    }
  };

  return (
    <section className="account-card settings-danger" aria-labelledby="settings-account-title">
      <h2 id="settings-account-title">Account</h2>
      <p>
        <strong>Deactivate</strong> hides you from every other player until you log in again; nothing is lost.{' '}
        <strong>Delete</strong> removes your personal data for good.
      </p>
      <div className="settings-actions">
        <button type="button" className="button button--ghost" onClick={() => setDialog('deactivate')}>
          Deactivate account
        </button>
        <button type="button" className="button button--danger" onClick={() => setDialog('delete')}>
          Delete account
        </button>
      </div>

      {dialog === 'deactivate' ? (
        <ConfirmDialog
          title="Deactivate your account?"
          confirmLabel="Deactivate"
          busyLabel="Deactivating..."
          tone="danger"
          busy={busy}
          error={error}
          onCancel={close}
          onConfirm={() =>
            run(async () => {
              await deactivateAccount(profile.id, reason);
              // Signed out on every device too; logging in again reactivates the account.
              await revokeSessions();
            })
          }
        >
          <p className="modal__subtitle">
            Your profile disappears from search, friends lists and leaderboards, and you are signed out. Log in again at
            any time to come back; your GOGO, dice and progress stay as they are.
          </p>
          <TextAreaField
            label="Why are you leaving? (optional)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            maxLength={500}
          />
        </ConfirmDialog>
      ) : null}

      {dialog === 'delete' ? (
        <ConfirmDialog
          title="Delete your account for good?"
          confirmLabel="Delete my account"
          busyLabel="Deleting..."
          tone="danger"
          busy={busy}
          error={error}
          canConfirm={password !== '' && understood}
          onCancel={close}
          onConfirm={() => run(() => deleteAccount(profile.id, password))}
        >
          <p className="modal__subtitle">
            Your username, email, picture, settings and friends are removed and you can never log in to this account
            again. Your GOGO balance and dice rolls are forfeited. Game and payment records are kept without your name,
            as the ledger must stay complete. Consider downloading your data first.
          </p>
          <TextField
            label="Your password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
          />
          <Checkbox
            label="I understand that this cannot be undone."
            checked={understood}
            onChange={(e) => setUnderstood(e.target.checked)}
          />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
