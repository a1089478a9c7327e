import type { UserSettings } from '@gogo/shared/api';
import { SavedStatus } from './Status';
import { Toggle } from './Toggle';
import { useSaveSettings } from './useSaveSettings';

/** Which events notify the player. */
export function NotificationsCard({ id, settings }: { id: number; settings: UserSettings }) {
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
