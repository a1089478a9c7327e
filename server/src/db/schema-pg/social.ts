import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** PostgreSQL twin of db/schema/social.ts. JSON is TEXT and flags are 0/1 integers, as on SQLite. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    preferences: text('preferences'),
    gamePreferences: text('game_preferences'),
    notifications: text('notifications'),
    profileVisibility: text('profile_visibility', { enum: ['public', 'friends', 'private'] })
      .notNull()
      .default('public'),
    showOnLeaderboard: integer('show_on_leaderboard').notNull().default(1),
    showOnlineStatus: integer('show_online_status').notNull().default(1),
    avatarFile: text('avatar_file'),
    avatarMime: text('avatar_mime'),
    avatarUpdatedAt: bigint('avatar_updated_at', { mode: 'number' }),
    deactivatedAt: bigint('deactivated_at', { mode: 'number' }),
    deactivationReason: text('deactivation_reason'),
    deletedAt: bigint('deleted_at', { mode: 'number' }),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('user_profiles_hidden').on(t.showOnLeaderboard, t.deactivatedAt, t.deletedAt),
    uniqueIndex('user_profiles_avatar_file').on(t.avatarFile),
  ],
);

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    fromUserId: bigint('from_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    toUserId: bigint('to_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    pairLow: bigint('pair_low', { mode: 'number' }).notNull(),
    pairHigh: bigint('pair_high', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled'] })
      .notNull()
      .default('pending'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    respondedAt: bigint('responded_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('friend_requests_pending_pair')
      .on(t.pairLow, t.pairHigh)
      .where(sql`status = 'pending'`),
    index('friend_requests_to').on(t.toUserId, t.status),
    index('friend_requests_from').on(t.fromUserId, t.status),
    index('friend_requests_pair').on(t.pairLow, t.pairHigh, t.respondedAt),
    check('friend_requests_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
    check(
      'friend_requests_pair_ordered',
      sql`${t.pairLow} = LEAST(${t.fromUserId}, ${t.toUserId}) AND ${t.pairHigh} = GREATEST(${t.fromUserId}, ${t.toUserId})`,
    ),
  ],
);

export const friendships = pgTable(
  'friendships',
  {
    userLow: bigint('user_low', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    userHigh: bigint('user_high', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    index('friendships_high').on(t.userHigh),
    check('friendships_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);
