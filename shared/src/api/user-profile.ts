import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './schema-helpers.js';
import { PreferencesPatch, ProfileVisibility, UserSettings } from './user-settings.js';

/**
 * The /api/user contract: profile, settings, privacy, friends, avatar, deactivation, export and
 * deletion. The shapes below are this product's own, documented in the OpenAPI document at /api/docs.
 *
 * Reading another player follows their privacy: `profileVisibility` public (any signed-in player),
 * friends (friends only) or private (only themselves). Deactivated and deleted accounts read as 404.
 */

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
    emailVerified: Type.Boolean({ description: 'whether the address was proved by its verification link' }),
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
  username: Type.Optional(Type.String({ maxLength: 200, description: '3 to 20 letters, digits or underscores' })),
  email: Type.Optional(Type.String({ maxLength: 320, description: 'a change needs currentPassword' })),
  currentPassword: Type.Optional(Type.String({ maxLength: 1024 })),
  preferences: Type.Optional(PreferencesPatch),
});
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;
