import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProfileVisibility, Theme, UserProfile, UserSettings } from '@gogo/shared/api';
import { historyText } from '@gogo/shared/messages';
import { messageForError } from '../../../lib/api/errors';
import { session, useSession } from '../../../lib/session';
import { paths } from '../../../app/paths';
import { Field } from '../components/Field';
import { deactivateAccount, deleteAccount, downloadExport, revokeSessions, useProfile, useUpdateSettings } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { ChangePasswordCard } from './SecurityCards';
import { AvatarCard, EmailCard, Status, UsernameCard } from './IdentityCards';
import './settings.css';

/** My Account > Settings: profile, avatar, preferences, privacy, notifications, data and the account itself. */
export function AccountSettings() {
  const { user } = useSession();
  const profile = useProfile(user?.id ?? 0);
  if (!user) return null;
  if (profile.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {messageForError(profile.error)}
      </p>
    );
  }
  if (!profile.data?.account) return <p className="account-empty">{historyText.loading}</p>;
  const data = profile.data;
  const settings = data.account!.settings;
  return (
    <div className="account-section settings">
      <AvatarCard profile={data} />
      <UsernameCard profile={data} />
      <EmailCard profile={data} />
      <ChangePasswordCard />
      <PreferencesCard id={data.id} settings={settings} />
      <PrivacyCard id={data.id} settings={settings} />
      <NotificationsCard id={data.id} settings={settings} />
      <DataCard id={data.id} />
      <AccountCard profile={data} />
    </div>
  );
}

function Toggle(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="settings-toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>
        <span className="settings-toggle__label">{props.label}</span>
        {props.hint ? (
          <span className="settings-toggle__hint" id={`${id}-hint`}>
            {props.hint}
          </span>
        ) : null}
      </label>
    </div>
  );
}

function useSaveSettings(id: number) {
  const mutation = useUpdateSettings(id);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save: typeof mutation.mutate = (change) => {
    setSaved(false);
    mutation.mutate(change, {
      onSuccess: () => {
        setError(null);
        setSaved(true);
      },
      onError: (err) => setError(messageForError(err)),
    });
  };
  return { save, pending: mutation.isPending, error, saved };
}

const themes: { value: Theme; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'auto', label: 'Auto' },
];

function PreferencesCard({ id, settings }: { id: number; settings: UserSettings }) {
  const { save, pending, error, saved } = useSaveSettings(id);
  const { theme, notifications } = settings.preferences;
  return (
    <section className="account-card" aria-labelledby="settings-preferences-title">
      <h2 id="settings-preferences-title">Preferences</h2>
      <fieldset className="settings-choice" disabled={pending}>
        <legend>Theme</legend>
        <div className="settings-choice__options">
          {themes.map((t) => (
            <label
              key={t.value}
              className={theme === t.value ? 'settings-choice__option is-active' : 'settings-choice__option'}
            >
              <input
                type="radio"
                name="settings-theme"
                value={t.value}
                checked={theme === t.value}
                onChange={() => save({ kind: 'preferences', patch: { theme: t.value } })}
              />
              {t.label}
            </label>
          ))}
        </div>
        <p className="account-hint">The same choice as Display &gt; Theme in the game settings.</p>
      </fieldset>
      <Toggle
        label="Email notifications"
        hint="News and reminders by email: this records your choice. Verification and password reset mails are always sent."
        checked={notifications.email}
        disabled={pending}
        onChange={(email) => save({ kind: 'preferences', patch: { notifications: { email } } })}
      />
      <SavedStatus error={error} saved={saved} />
    </section>
  );
}

function SavedStatus({ error, saved }: { error: string | null; saved: boolean }) {
  if (error) {
    return (
      <p className="form__error" role="alert">
        {error}
      </p>
    );
  }
  return (
    <p className="settings-saved" role="status">
      {saved ? 'Saved.' : ''}
    </p>
  );
}

const visibilities: { value: ProfileVisibility; label: string; hint: string }[] = [
  { value: 'public', label: 'Public', hint: 'Every player can see your profile, stats and friends.' },
  { value: 'friends', label: 'Friends only', hint: 'Players can find you by name, only friends see your profile.' },
  { value: 'private', label: 'Private', hint: 'Nobody else sees your profile, and nobody can send you requests.' },
];

function PrivacyCard({ id, settings }: { id: number; settings: UserSettings }) {
  const { save, pending, error, saved } = useSaveSettings(id);
  const { privacy } = settings;
  return (
    <section className="account-card" aria-labelledby="settings-privacy-title">
      <h2 id="settings-privacy-title">Privacy</h2>
      <fieldset className="settings-choice" disabled={pending}>
        <legend>Who can see my profile</legend>
        <div className="settings-choice__list">
          {visibilities.map((v) => (
            <label
              key={v.value}
              className={privacy.profileVisibility === v.value ? 'settings-radio is-active' : 'settings-radio'}
            >
              <input
                type="radio"
                name="settings-visibility"
                value={v.value}
                checked={privacy.profileVisibility === v.value}
                onChange={() => save({ kind: 'privacy', patch: { profileVisibility: v.value } })}
              />
              <span>
                <span className="settings-toggle__label">{v.label}</span>
                <span className="settings-toggle__hint">{v.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Toggle
        label="Show me on leaderboards"
        hint="Leaderboards, top players and the recent achievements feed."
        checked={privacy.showOnLeaderboard}
        disabled={pending}
        onChange={(on) => save({ kind: 'privacy', patch: { showOnLeaderboard: on } })}
      />
      <Toggle
        label="Show when I am online"
        hint="Others see whether you played in the last 5 minutes and when you were last seen."
        checked={privacy.showOnlineStatus}
        disabled={pending}
        onChange={(on) => save({ kind: 'privacy', patch: { showOnlineStatus: on } })}
      />
      <SavedStatus error={error} saved={saved} />
    </section>
  );
}

function NotificationsCard({ id, settings }: { id: number; settings: UserSettings }) {
  const { save, pending, error, saved } = useSaveSettings(id);
  const n = settings.notifications;
  const rows: { key: keyof typeof n; label: string; hint: string }[] = [
    { key: 'achievements', label: 'Achievements', hint: 'A browser notification when you unlock one.' },
    { key: 'dailyReminder', label: 'Daily reminder', hint: 'A reminder to claim your free daily dice.' },
    { key: 'friendRequests', label: 'Friend requests', hint: 'A badge when someone asks to be your friend.' },
    { key: 'transactionUpdates', label: 'Deposits and withdrawals', hint: 'A note when a request is reviewed.' },
  ];
  return (
    <section className="account-card" aria-labelledby="settings-notifications-title">
      <h2 id="settings-notifications-title">Notifications</h2>
      {rows.map((r) => (
        <Toggle
          key={r.key}
          label={r.label}
          hint={r.hint}
          checked={n[r.key]}
          disabled={pending}
          onChange={(on) => save({ kind: 'notifications', patch: { [r.key]: on } })}
        />
      ))}
      <SavedStatus error={error} saved={saved} />
    </section>
  );
}

// --- data and account ----------------------------------------------------------------------------

function DataCard({ id }: { id: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const onExport = async () => {
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      const name = await downloadExport(id);
      setSuccess(`Downloaded ${name}.`);
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="account-card" aria-labelledby="settings-data-title">
      <h2 id="settings-data-title">Your data</h2>
      <p>
        Download everything GOGO Board keeps about you as one JSON file: account, settings, game progress, every roll,
        the full ledger of your GOGO and dice, deposits and withdrawals, friends.
      </p>
      <div className="settings-actions">
        <button type="button" className="button button--ghost" onClick={onExport} disabled={busy}>
          {busy ? 'Preparing...' : 'Download my data'}
        </button>
      </div>
      <Status error={error} success={success} />
    </section>
  );
}

function AccountCard({ profile }: { profile: UserProfile }) {
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
          <Field
            label="Why are you leaving? (optional)"
            input={(props) => (
              <textarea
                {...props}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                rows={3}
                maxLength={500}
              />
            )}
          />
        </ConfirmDialog>
      ) : null}

      {dialog === 'delete' ? (
        <ConfirmDialog
          title="Delete your account for good?"
          confirmLabel="Delete my account"
          busyLabel="Deleting..."
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
          <Field
            label="Your password"
            input={(props) => (
              <input
                {...props}
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            )}
          />
          <label className="settings-confirm-check">
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />I understand
            that this cannot be undone.
          </label>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
