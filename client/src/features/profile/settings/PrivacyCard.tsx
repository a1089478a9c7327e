import type { ProfileVisibility, UserSettings } from '@gogo/shared/api';
import { SavedStatus } from './Status';
import { Toggle } from './Toggle';
import { useSaveSettings } from './useSaveSettings';

const visibilities: { value: ProfileVisibility; label: string; hint: string }[] = [
  { value: 'public', label: 'Public', hint: 'Every player can see your profile, stats and friends.' },
  { value: 'friends', label: 'Friends only', hint: 'Players can find you by name, only friends see your profile.' },
  { value: 'private', label: 'Private', hint: 'Nobody else sees your profile, and nobody can send you requests.' },
];

/** Who sees the profile, and whether the player shows on leaderboards and as online. */
export function PrivacyCard({ id, settings }: { id: number; settings: UserSettings }) {
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
