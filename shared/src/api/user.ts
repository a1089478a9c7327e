import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './schema-helpers.js';
import { PlayerStats } from './stats.js';

/**
 * The /api/user contract (spec section 7 "User"): profile, settings, privacy, friends, avatar,
 * deactivation, export and deletion. The spec names these endpoints without their fields; the shapes
 * below are this product's, documented in the OpenAPI document at /api/docs.
 *
 * Reading another player follows their privacy: `profileVisibility` public (any signed-in player),
 * friends (friends only) or private (only themselves). Deactivated and deleted accounts read as 404.
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

// ---------------------------------------------------------------------------------------------
// Settings

export const Preferences = Type.Object(
  {
    theme: Theme,
    notifications: Type.Object({
      email: Type.Boolean({ description: 'consent to account emails (GOGO Board sends none today)' }),
    }),
  },
  {
    description: 'spec section 3 "User profile" preferences; theme is the same value as gamePreferences.display.theme',
  },
);
export type Preferences = Static<typeof Preferences>;

export const GamePreferences = Type.Object(
  {
    sound: Type.Object({
      enabled: Type.Boolean(),
      volume: Type.Number({ minimum: 0, maximum: 1, multipleOf: 0.1 }),
    }),
    display: Type.Object({ theme: Theme, animations: Type.Boolean(), particleEffects: Type.Boolean() }),
    gameplay: Type.Object({ autoRoll: Type.Boolean(), confirmActions: Type.Boolean(), showTutorial: Type.Boolean() }),
    wallet: Type.Object({ autoConnect: Type.Boolean(), showBalance: Type.Boolean() }),
  },
  { description: 'the game settings of spec section 3, kept on the server so they follow the player' },
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

/** Defaults of spec section 9 ("Default settings"); privacy defaults to public and listed. */
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

// ---------------------------------------------------------------------------------------------
// Profile

export const FriendRequestRef = Type.Object(
  {
    id: Type.Integer(),
    direction: Type.Union([Type.Literal('incoming'), Type.Literal('outgoing')]),
  },
  { description: 'a pending friend request between the viewer and this player' },
);

/** Online presence as the viewer may see it: null when the player hides it. */
export const Presence = Type.Object({
  isOnline: Nullable(Type.Boolean(), 'active in the last 5 minutes; null when hidden by the player'),
  lastSeen: Nullable(DateTime(), 'null when hidden by the player or never seen'),
});
export type Presence = Static<typeof Presence>;

export const AccountDetails = Type.Object(
  {
    email: Type.String(),
    emailVerified: Type.Boolean({ description: 'whether the address was proved by its verification link (issue 13)' }),
    createdAt: DateTime(),
    lastLogin: Nullable(DateTime()),
    status: Type.Union([Type.Literal('active'), Type.Literal('deactivated')]),
    deactivatedAt: Nullable(DateTime()),
    settings: UserSettings,
  },
  { description: 'present only when reading oneself' },
);
export type AccountDetails = Static<typeof AccountDetails>;

export const UserProfile = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  avatarUrl: Nullable(Type.String(), 'an unguessable URL under /api/files/avatars; null without an avatar'),
  memberSince: DateTime(),
  level: Type.Integer(),
  profileVisibility: ProfileVisibility,
  isSelf: Type.Boolean(),
  isFriend: Type.Boolean(),
  friendRequest: Nullable(FriendRequestRef),
  friendsCount: Type.Integer(),
  presence: Presence,
  account: Type.Optional(AccountDetails),
});
export type UserProfile = Static<typeof UserProfile>;

export const ProfileUpdateBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 200, description: 'spec section 5 username rules' })),
  email: Type.Optional(Type.String({ maxLength: 320, description: 'a change needs currentPassword' })),
  currentPassword: Type.Optional(Type.String({ maxLength: 1024 })),
  preferences: Type.Optional(PreferencesPatch),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

// ---------------------------------------------------------------------------------------------
// Stats, activity, search, online, top players

export const UserStats = Type.Object({
  ...PlayerStats.properties,
  avatarUrl: Nullable(Type.String()),
  friendsCount: Type.Integer(),
});
export type UserStats = Static<typeof UserStats>;

export const ActivityType = Type.Union([
  Type.Literal('achievement'),
  Type.Literal('jackpot'),
  Type.Literal('lap'),
  Type.Literal('level_up'),
  Type.Literal('daily_login'),
  Type.Literal('daily_dice'),
  Type.Literal('friend'),
]);
export type ActivityType = Static<typeof ActivityType>;

export const ActivityItem = Type.Object({
  type: ActivityType,
  at: DateTime(),
  title: Type.String(),
  detail: Type.String(),
  amount: Nullable(Type.Integer(), 'GOGO (achievement, jackpot, daily_login), dice (daily_dice), level (level_up)'),
});
export type ActivityItem = Static<typeof ActivityItem>;

export const ActivityQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  before: Type.Optional(Type.Integer({ minimum: 0, description: 'epoch ms: only events strictly before' })),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

export const Activity = Type.Object({
  userId: Type.Integer(),
  items: Type.Array(ActivityItem),
  nextBefore: Nullable(Type.Integer(), 'pass as `before` for the next page; null at the end'),
});
export type Activity = Static<typeof Activity>;

export const UserCard = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  avatarUrl: Nullable(Type.String()),
});
export type UserCard = Static<typeof UserCard>;

export const SearchQuery = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 40 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResult = Type.Object({
  ...UserCard.properties,
  level: Nullable(Type.Integer(), 'null when the viewer may not open the profile (friends-only)'),
  canViewProfile: Type.Boolean(),
  isFriend: Type.Boolean(),
  friendRequest: Nullable(FriendRequestRef),
});
export type SearchResult = Static<typeof SearchResult>;

export const SearchResults = Type.Object({ query: Type.String(), results: Type.Array(SearchResult) });
export type SearchResults = Static<typeof SearchResults>;

export const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type ListQuery = Static<typeof ListQuery>;

export const OnlineQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});
export type OnlineQuery = Static<typeof OnlineQuery>;

export const OnlineUser = Type.Object({
  ...UserCard.properties,
  lastSeen: DateTime(),
  isFriend: Type.Boolean(),
});
export type OnlineUser = Static<typeof OnlineUser>;

export const OnlineUsers = Type.Object({
  total: Type.Integer({ description: 'online players the viewer may see (the list is capped by limit)' }),
  windowMinutes: Type.Integer(),
  users: Type.Array(OnlineUser),
});
export type OnlineUsers = Static<typeof OnlineUsers>;

export const TopPlayer = Type.Object({
  ...UserCard.properties,
  rank: Type.Integer(),
  score: Type.Integer(),
  level: Type.Integer(),
  totalTokensEarned: Type.Integer(),
  totalRolls: Type.Integer(),
  jackpotsHit: Type.Integer(),
  achievementsUnlocked: Type.Integer(),
  isSelf: Type.Boolean(),
});
export type TopPlayer = Static<typeof TopPlayer>;

export const TopPlayers = Type.Object({
  totalRanked: Type.Integer(),
  players: Type.Array(TopPlayer),
  updatedAt: DateTime(),
});
export type TopPlayers = Static<typeof TopPlayers>;

// ---------------------------------------------------------------------------------------------
// Friends

export const Friend = Type.Object({
  ...UserCard.properties,
  level: Type.Integer(),
  since: DateTime('when the friendship began'),
  presence: Presence,
});
export type Friend = Static<typeof Friend>;

export const FriendList = Type.Object({ userId: Type.Integer(), total: Type.Integer(), friends: Type.Array(Friend) });
export type FriendList = Static<typeof FriendList>;

export const FriendRequestStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
  Type.Literal('cancelled'),
]);

export const FriendRequest = Type.Object({
  id: Type.Integer(),
  from: UserCard,
  to: UserCard,
  status: FriendRequestStatus,
  createdAt: DateTime(),
  respondedAt: Nullable(DateTime()),
});
export type FriendRequest = Static<typeof FriendRequest>;

export const FriendRequestBody = Type.Object({ toUserId: Type.Integer({ minimum: 1 }) });
export type FriendRequestBody = Static<typeof FriendRequestBody>;

export const FriendRequestResult = Type.Object({
  request: FriendRequest,
  becameFriends: Type.Boolean({
    description: 'true when the other player had already asked: their request was accepted instead',
  }),
});
export type FriendRequestResult = Static<typeof FriendRequestResult>;

export const FriendRequests = Type.Object({
  incoming: Type.Array(FriendRequest),
  outgoing: Type.Array(FriendRequest),
});
export type FriendRequests = Static<typeof FriendRequests>;

export const RespondBody = Type.Object({
  response: Type.Union([Type.Literal('accept'), Type.Literal('decline'), Type.Literal('cancel')], {
    description: 'accept or decline: the recipient; cancel: the sender withdraws the request',
  }),
});
export type RespondBody = Static<typeof RespondBody>;

export const RespondResult = Type.Object({ request: FriendRequest, friend: Nullable(Friend) });
export type RespondResult = Static<typeof RespondResult>;

export const FriendRemoved = Type.Object({ removed: Type.Boolean(), friendId: Type.Integer() });
