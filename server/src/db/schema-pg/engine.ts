import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** PostgreSQL twin of db/schema/engine.ts (the comments there explain the tables). */
export const fairnessSeeds = pgTable(
  'fairness_seeds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    seedIndex: bigint('seed_index', { mode: 'number' }).notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    revealedAt: bigint('revealed_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('fairness_seeds_user_index').on(t.userId, t.seedIndex),
    uniqueIndex('fairness_seeds_user_active')
      .on(t.userId)
      .where(sql`revealed_at IS NULL`),
  ],
);

export const rolls = pgTable(
  'rolls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => fairnessSeeds.id),
    clientSeed: text('client_seed').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    die: integer('die').notNull(),
    fromPosition: integer('from_position').notNull(),
    toPosition: integer('to_position').notNull(),
    tileId: integer('tile_id').notNull(),
    rawReward: bigint('raw_reward', { mode: 'number' }).notNull(),
    appliedReward: bigint('applied_reward', { mode: 'number' }).notNull(),
    achievementReward: bigint('achievement_reward', { mode: 'number' }).notNull().default(0),
    /** 0/1, as on SQLite. */
    isJackpot: integer('is_jackpot').notNull(),
    boardNumber: integer('board_number').notNull().default(1),
    propertyLevel: integer('property_level').notNull().default(0),
    requestId: text('request_id'),
    result: text('result').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('rolls_user_request')
      .on(t.userId, t.requestId)
      .where(sql`request_id IS NOT NULL`),
    index('rolls_created').on(t.createdAt),
    index('rolls_user_created').on(t.userId, t.createdAt),
  ],
);

export const achievementUnlocks = pgTable(
  'achievement_unlocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    achievementId: text('achievement_id').notNull(),
    rewardPaid: bigint('reward_paid', { mode: 'number' }).notNull(),
    rollId: bigint('roll_id', { mode: 'number' }).references(() => rolls.id),
    unlockedAt: bigint('unlocked_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('achievement_unlocks_roll').on(t.rollId, t.achievementId),
    index('achievement_unlocks_user').on(t.userId, t.achievementId),
    index('achievement_unlocks_time').on(t.unlockedAt),
  ],
);

export const dailyDiceClaims = pgTable(
  'daily_dice_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    diceAdded: bigint('dice_added', { mode: 'number' }).notNull(),
    consecutiveDays: bigint('consecutive_days', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('daily_dice_claims_user_day').on(t.userId, t.day)],
);

export const dailyLogins = pgTable(
  'daily_logins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    bonus: bigint('bonus', { mode: 'number' }).notNull(),
    consecutiveDays: bigint('consecutive_days', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('daily_logins_user_day').on(t.userId, t.day)],
);

export const streaks = pgTable(
  'streaks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['login', 'dice'] }).notNull(),
    lastDay: text('last_day'),
    consecutiveDays: bigint('consecutive_days', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    streakStartDay: text('streak_start_day'),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const playSessions = pgTable(
  'play_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    endedAt: bigint('ended_at', { mode: 'number' }),
    device: text('device'),
  },
  (t) => [index('play_sessions_user').on(t.userId, t.startedAt), index('play_sessions_open').on(t.endedAt)],
);

export const statsCache = pgTable('stats_cache', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
});
