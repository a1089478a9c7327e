import { sql } from 'drizzle-orm';
import { bigint, bool, check, id, index, json, table, text, time, uniqueIndex } from './define.js';

/** The site preferences: theme and the email-notification flag. */
export interface StoredPreferences {
  theme: 'light' | 'dark' | 'auto';
  notifications: { email: boolean };
}

/** The settings dialog's object (sound, display, gameplay, wallet), kept on the server so it follows the player. */
export interface StoredGamePreferences {
  sound: { enabled: boolean; volume: number };
  display: { theme: 'light' | 'dark' | 'auto'; animations: boolean; particleEffects: boolean };
  gameplay: { autoRoll: boolean; confirmActions: boolean; showTutorial: boolean };
  wallet: { autoConnect: boolean; showBalance: boolean };
}

/** In-app notification choices (what the browser shows; the product sends no email). */
export interface StoredNotifications {
  achievements: boolean;
  dailyReminder: boolean;
  friendRequests: boolean;
  transactionUpdates: boolean;
}

/**
 * One row per player who changed a setting, uploaded an avatar, deactivated or deleted the account.
 * A missing row means every default (public profile, on the leaderboard, online status shown).
 * JSON columns hold the whole object (null = defaults); privacy flags are columns because the
 * leaderboard, search and online queries filter on them in SQL.
 */
export const userProfiles = table(
  'user_profiles',
  {
    userId: bigint('user_id').primaryKey().references('users'),
    preferences: json<StoredPreferences>('preferences'),
    gamePreferences: json<StoredGamePreferences>('game_preferences'),
    notifications: json<StoredNotifications>('notifications'),
    profileVisibility: text('profile_visibility', ['public', 'friends', 'private']).notNull().default('public'),
    showOnLeaderboard: bool('show_on_leaderboard').notNull().default(true),
    showOnlineStatus: bool('show_online_status').notNull().default(true),
    /** A random file name under DATA_DIR/uploads/avatars (never derived from the user or the upload). */
    avatarFile: text('avatar_file'),
    avatarMime: text('avatar_mime'),
    avatarUpdatedAt: time('avatar_updated_at'),
    deactivatedAt: time('deactivated_at'),
    deactivationReason: text('deactivation_reason'),
    /** Set once when the account is deleted: the users row is anonymised at the same moment. */
    deletedAt: time('deleted_at'),
    updatedAt: time('updated_at').notNull(),
  },
  {
    indexes: [
      index('user_profiles_hidden', ['showOnLeaderboard', 'deactivatedAt', 'deletedAt']),
      uniqueIndex('user_profiles_avatar_file', ['avatarFile']),
    ],
  },
);

/**
 * Friend requests. At most one pending request per pair of players, whatever its direction: pair_low
 * and pair_high hold the two ids in order (written with the row) under a partial unique index.
 * Answered requests stay as history until an account is deleted.
 */
export const friendRequests = table(
  'friend_requests',
  {
    id: id(),
    fromUserId: bigint('from_user_id').notNull().references('users'),
    toUserId: bigint('to_user_id').notNull().references('users'),
    pairLow: bigint('pair_low').notNull(),
    pairHigh: bigint('pair_high').notNull(),
    status: text('status', ['pending', 'accepted', 'declined', 'cancelled']).notNull().default('pending'),
    createdAt: time('created_at').notNull(),
    respondedAt: time('responded_at'),
  },
  {
    indexes: [
      uniqueIndex('friend_requests_pending_pair', ['pairLow', 'pairHigh'], (t) => sql`${t.status} = 'pending'`),
      index('friend_requests_to', ['toUserId', 'status']),
      index('friend_requests_from', ['fromUserId', 'status']),
      index('friend_requests_pair', ['pairLow', 'pairHigh', 'respondedAt']),
    ],
    checks: [
      check('friend_requests_not_self', (t) => sql`${t.fromUserId} <> ${t.toUserId}`),
      check(
        'friend_requests_pair_ordered',
        (t, f) =>
          sql`${t.pairLow} = ${f.least(t.fromUserId, t.toUserId)} AND ${t.pairHigh} = ${f.greatest(t.fromUserId, t.toUserId)}`,
      ),
    ],
  },
);

/** Friendships are symmetric: one row per pair, the smaller id first. */
export const friendships = table(
  'friendships',
  {
    userLow: bigint('user_low').notNull().references('users'),
    userHigh: bigint('user_high').notNull().references('users'),
    createdAt: time('created_at').notNull(),
  },
  {
    primaryKey: ['userLow', 'userHigh'],
    indexes: [index('friendships_high', ['userHigh'])],
    checks: [check('friendships_ordered', (t) => sql`${t.userLow} < ${t.userHigh}`)],
  },
);
