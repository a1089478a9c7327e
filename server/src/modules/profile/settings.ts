import {
  DEFAULT_GAME_PREFERENCES,
  DEFAULT_NOTIFICATIONS,
  DEFAULT_PREFERENCES,
  DEFAULT_PRIVACY,
  type GamePreferences,
  type GamePreferencesPatch,
  type NotificationSettings,
  type NotificationsPatch,
  type Preferences,
  type PreferencesPatch,
  type PrivacyPatch,
  type UserSettings,
} from '@gogo/shared/api';
import type { ProfileRow } from '../access/index.js';

/**
 * Settings are stored whole (JSON) and read through these functions, which fill every missing field
 * from the defaults: a row written by an older version, or no row at all, still reads as a complete
 * object. Patches merge field by field; the two theme fields are one value.
 */
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const theme = (value: unknown, fallback: Preferences['theme']) =>
  value === 'light' || value === 'dark' || value === 'auto' ? value : fallback;
/** Volume 0 to 1 in steps of 0.1. */
export const roundVolume = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10) / 10));

type Loose<T> = { [K in keyof T]?: T[K] extends object ? Loose<T[K]> : unknown };

export function readPreferences(stored: Loose<Preferences> | null | undefined): Preferences {
  const d = DEFAULT_PREFERENCES;
  return {
    theme: theme(stored?.theme, d.theme),
    notifications: { email: bool(stored?.notifications?.email, d.notifications.email) },
  };
}

export function readGamePreferences(stored: Loose<GamePreferences> | null | undefined): GamePreferences {
  const d = DEFAULT_GAME_PREFERENCES;
  const volume = stored?.sound?.volume;
  return {
    sound: {
      enabled: bool(stored?.sound?.enabled, d.sound.enabled),
      volume: typeof volume === 'number' && Number.isFinite(volume) ? roundVolume(volume) : d.sound.volume,
    },
    display: {
      theme: theme(stored?.display?.theme, d.display.theme),
      animations: bool(stored?.display?.animations, d.display.animations),
      particleEffects: bool(stored?.display?.particleEffects, d.display.particleEffects),
    },
    gameplay: {
      autoRoll: bool(stored?.gameplay?.autoRoll, d.gameplay.autoRoll),
      confirmActions: bool(stored?.gameplay?.confirmActions, d.gameplay.confirmActions),
      showTutorial: bool(stored?.gameplay?.showTutorial, d.gameplay.showTutorial),
    },
    wallet: {
      autoConnect: bool(stored?.wallet?.autoConnect, d.wallet.autoConnect),
      showBalance: bool(stored?.wallet?.showBalance, d.wallet.showBalance),
    },
  };
}

export function readNotifications(stored: Loose<NotificationSettings> | null | undefined): NotificationSettings {
  const d = DEFAULT_NOTIFICATIONS;
  return {
    achievements: bool(stored?.achievements, d.achievements),
    dailyReminder: bool(stored?.dailyReminder, d.dailyReminder),
    friendRequests: bool(stored?.friendRequests, d.friendRequests),
    transactionUpdates: bool(stored?.transactionUpdates, d.transactionUpdates),
  };
}

export function settingsOf(row: ProfileRow | undefined): UserSettings {
  const preferences = readPreferences(row?.preferences);
  const gamePreferences = readGamePreferences(row?.gamePreferences);
  // One theme: the site preference wins if an old row disagrees.
  gamePreferences.display.theme = preferences.theme;
  return {
    preferences,
    gamePreferences,
    privacy: row
      ? {
          profileVisibility: row.profileVisibility,
          showOnLeaderboard: row.showOnLeaderboard,
          showOnlineStatus: row.showOnlineStatus,
        }
      : { ...DEFAULT_PRIVACY },
    notifications: readNotifications(row?.notifications),
  };
}

export function mergePreferences(current: Preferences, patch: PreferencesPatch): Preferences {
  return {
    theme: patch.theme ?? current.theme,
    notifications: { email: patch.notifications?.email ?? current.notifications.email },
  };
}

export function mergeGamePreferences(current: GamePreferences, patch: GamePreferencesPatch): GamePreferences {
  return {
    sound: {
      enabled: patch.sound?.enabled ?? current.sound.enabled,
      volume: patch.sound?.volume === undefined ? current.sound.volume : roundVolume(patch.sound.volume),
    },
    display: { ...current.display, ...definedOnly(patch.display) },
    gameplay: { ...current.gameplay, ...definedOnly(patch.gameplay) },
    wallet: { ...current.wallet, ...definedOnly(patch.wallet) },
  };
}

export function mergeNotifications(current: NotificationSettings, patch: NotificationsPatch): NotificationSettings {
  return { ...current, ...definedOnly(patch) };
}

export function mergePrivacy(current: UserSettings['privacy'], patch: PrivacyPatch): UserSettings['privacy'] {
  return { ...current, ...definedOnly(patch) };
}

function definedOnly<T extends object>(obj: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!obj) return out;
  for (const [key, value] of Object.entries(obj)) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
