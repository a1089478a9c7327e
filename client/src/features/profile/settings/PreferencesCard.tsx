import type { Theme, UserSettings } from '@gogo/shared/api';
import { settingsStore, useSettings } from '../../../lib/settings';
import { SavedStatus } from './Status';
import { Toggle } from './Toggle';
import { useSaveSettings } from './useSaveSettings';

const themes: { value: Theme; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'auto', label: 'Auto' },
];

/**
 * Theme and email news. The theme is the one this device applies (lib/settings.ts, the same setting as
 * the game's Display > Theme); choosing one here applies it at once and also keeps it in the account.
 */
export function PreferencesCard({ id, settings }: { id: number; settings: UserSettings }) {
  const { save, pending, error, saved } = useSaveSettings(id);
  const { notifications } = settings.preferences;
  const theme = useSettings().display.theme;
  const chooseTheme = (next: Theme) => {
    settingsStore.update((s) => ({ ...s, display: { ...s.display, theme: next } }));
    save({ kind: 'preferences', patch: { theme: next } });
  };
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
                onChange={() => chooseTheme(t.value)}
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
