import { Type, type Static } from 'typebox';

/**
 * Player settings of the /api/user contract:
 * preferences, game preferences, privacy and notifications, their defaults and their PATCH bodies.
 */

export const Theme = Type.Union([Type.Literal('light'), Type.Literal('dark'), Type.Literal('auto')]);
export type Theme = Static<typeof Theme>;

export const ProfileVisibility = Type.Union(
  [Type.Literal('public'), Type.Literal('friends'), Type.Literal('private')],
  {
    description: 'public: any signed-in player; friends: only friends; private: only the player',
  },
);
export type ProfileVisibility = Static<typeof ProfileVisibility>;

export const Preferences = Type.Object(
  {
    theme: Theme,
    notifications: Type.Object({
      email: Type.Boolean({ description: 'consent to account emails (GOGO Board sends none today)' }),
    }),
  },
  {
    description: 'site preferences (theme, email flag); theme is the same value as gamePreferences.display.theme',
  },
);
export type Preferences = Static<typeof Preferences>;

export const GamePreferences = Type.Object(
  {
    sound: Type.Object({
      enabled: Type.Boolean(),
      // Steps of 0.1, rounded by the server to one decimal: no multipleOf, since 0.7 is not an exact
      // multiple of 0.1 in floating point and strict validators refuse it.
      volume: Type.Number({
        minimum: 0,
        maximum: 1,
        description: 'in steps of 0.1 (the server rounds to one decimal)',
      }),
    }),
    display: Type.Object({ theme: Theme, animations: Type.Boolean(), particleEffects: Type.Boolean() }),
    gameplay: Type.Object({ autoRoll: Type.Boolean(), confirmActions: Type.Boolean(), showTutorial: Type.Boolean() }),
    wallet: Type.Object({ autoConnect: Type.Boolean(), showBalance: Type.Boolean() }),
  },
  { description: 'the settings dialog, kept on the server so the settings follow the player' },
);
export type GamePreferences = Static<typeof GamePreferences>;

export const PrivacySettings = Type.Object({
  profileVisibility: ProfileVisibility,
  showOnLeaderboard: Type.Boolean({ description: 'listed on leaderboards, top players and the achievements feed' }),
  showOnlineStatus: Type.Boolean({ description: 'others see whether the player is online and when last seen' }),
});
export type PrivacySettings = Static<typeof PrivacySettings>;

export const NotificationSettings = Type.Object({
  achievements: Type.Boolean({ description: 'browser notification when an achievement unlocks' }),
  dailyReminder: Type.Boolean({ description: 'the daily dice reminder toast' }),
  friendRequests: Type.Boolean({ description: 'badge and toast for incoming friend requests' }),
  transactionUpdates: Type.Boolean({ description: 'toast when a deposit or withdrawal is reviewed' }),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

export const UserSettings = Type.Object({
  preferences: Preferences,
  gamePreferences: GamePreferences,
  privacy: PrivacySettings,
  notifications: NotificationSettings,
});
export type UserSettings = Static<typeof UserSettings>;

/** The default settings; privacy defaults to public and listed. */
export const DEFAULT_GAME_PREFERENCES: GamePreferences = {
  sound: { enabled: true, volume: 0.7 },
  display: { theme: 'dark', animations: true, particleEffects: true },
  gameplay: { autoRoll: false, confirmActions: true, showTutorial: true },
  wallet: { autoConnect: false, showBalance: true },
};
export const DEFAULT_PREFERENCES: Preferences = { theme: 'dark', notifications: { email: false } };
export const DEFAULT_PRIVACY: PrivacySettings = {
  profileVisibility: 'public',
  showOnLeaderboard: true,
  showOnlineStatus: true,
};
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  achievements: true,
  dailyReminder: true,
  friendRequests: true,
  transactionUpdates: true,
};

const strict = { additionalProperties: false } as const;

export const PreferencesPatch = Type.Object(
  {
    theme: Type.Optional(Theme),
    notifications: Type.Optional(Type.Object({ email: Type.Optional(Type.Boolean()) }, strict)),
  },
  strict,
);
export const GamePreferencesPatch = Type.Object(
  {
    sound: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          volume: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'rounded to a step of 0.1' })),
        },
        strict,
      ),
    ),
    display: Type.Optional(
      Type.Object(
        {
          theme: Type.Optional(Theme),
          animations: Type.Optional(Type.Boolean()),
          particleEffects: Type.Optional(Type.Boolean()),
        },
        strict,
      ),
    ),
    gameplay: Type.Optional(
      Type.Object(
        {
          autoRoll: Type.Optional(Type.Boolean()),
          confirmActions: Type.Optional(Type.Boolean()),
          showTutorial: Type.Optional(Type.Boolean()),
        },
        strict,
      ),
    ),
    wallet: Type.Optional(
      Type.Object({ autoConnect: Type.Optional(Type.Boolean()), showBalance: Type.Optional(Type.Boolean()) }, strict),
    ),
  },
  strict,
);
export const PrivacyPatch = Type.Object(
  {
    profileVisibility: Type.Optional(ProfileVisibility),
    showOnLeaderboard: Type.Optional(Type.Boolean()),
    showOnlineStatus: Type.Optional(Type.Boolean()),
  },
  strict,
);
export const NotificationsPatch = Type.Object(
  {
    achievements: Type.Optional(Type.Boolean()),
    dailyReminder: Type.Optional(Type.Boolean()),
    friendRequests: Type.Optional(Type.Boolean()),
    transactionUpdates: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type PreferencesPatch = Static<typeof PreferencesPatch>;
export type GamePreferencesPatch = Static<typeof GamePreferencesPatch>;
export type PrivacyPatch = Static<typeof PrivacyPatch>;
export type NotificationsPatch = Static<typeof NotificationsPatch>;

/** PATCH bodies wrap the partial object in the key the spec names ({preferences}, {gamePreferences}, ...). */
export const PreferencesBody = Type.Object({ preferences: PreferencesPatch });
export const GamePreferencesBody = Type.Object({ gamePreferences: GamePreferencesPatch });
export const PrivacyBody = Type.Object({ privacy: PrivacyPatch });
export const NotificationsBody = Type.Object({ notifications: NotificationsPatch });
export type PreferencesBody = Static<typeof PreferencesBody>;
export type GamePreferencesBody = Static<typeof GamePreferencesBody>;
export type PrivacyBody = Static<typeof PrivacyBody>;
export type NotificationsBody = Static<typeof NotificationsBody>;
