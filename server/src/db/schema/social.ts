import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.js';

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
export const userProfiles = sqliteTable(
  'user_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    preferences: text('preferences', { mode: 'json' }).$type<StoredPreferences>(),
    gamePreferences: text('game_preferences', { mode: 'json' }).$type<StoredGamePreferences>(),
    notifications: text('notifications', { mode: 'json' }).$type<StoredNotifications>(),
    profileVisibility: text('profile_visibility', { enum: ['public', 'friends', 'private'] })
      .notNull()
      .default('public'),
    showOnLeaderboard: integer('show_on_leaderboard', { mode: 'boolean' }).notNull().default(true),
    showOnlineStatus: integer('show_online_status', { mode: 'boolean' }).notNull().default(true),
    /** A random file name under DATA_DIR/uploads/avatars (never derived from the user or the upload). */
    avatarFile: text('avatar_file'),
    avatarMime: text('avatar_mime'),
    avatarUpdatedAt: integer('avatar_updated_at'),
    deactivatedAt: integer('deactivated_at'),
    deactivationReason: text('deactivation_reason'),
    /** Set once when the account is deleted: the users row is anonymised at the same moment. */
    deletedAt: integer('deleted_at'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('user_profiles_hidden').on(t.showOnLeaderboard, t.deactivatedAt, t.deletedAt),
    uniqueIndex('user_profiles_avatar_file').on(t.avatarFile),
  ],
);

/**
 * Friend requests. At most one pending request per pair of players, whatever its direction: pair_low
 * and pair_high hold the two ids in order (written with the row) under a partial unique index.
 * Answered requests stay as history until an account is deleted.
 */
export const friendRequests = sqliteTable(
  'friend_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id),
    pairLow: integer('pair_low').notNull(),
    pairHigh: integer('pair_high').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled'] })
      .notNull()
      .default('pending'),
    createdAt: integer('created_at').notNull(),
    respondedAt: integer('responded_at'),
  },
  (t) => [
    uniqueIndex('friend_requests_pending_pair')
      .on(t.pairLow, t.pairHigh)
      .where(sql`${t.status} = 'pending'`),
    index('friend_requests_to').on(t.toUserId, t.status),
    index('friend_requests_from').on(t.fromUserId, t.status),
    index('friend_requests_pair').on(t.pairLow, t.pairHigh, t.respondedAt),
    check('friend_requests_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
    check(
      'friend_requests_pair_ordered',
      sql`${t.pairLow} = min(${t.fromUserId}, ${t.toUserId}) AND ${t.pairHigh} = max(${t.fromUserId}, ${t.toUserId})`,
    ),
  ],
);

/** Friendships are symmetric: one row per pair, the smaller id first. */
export const friendships = sqliteTable(
  'friendships',
  {
    userLow: integer('user_low')
      .notNull()
      .references(() => users.id),
    userHigh: integer('user_high')
      .notNull()
      .references(() => users.id),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    index('friendships_high').on(t.userHigh),
    check('friendships_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);
