import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.js';

/**
 * Provably-fair seeds (docs/decisions.md, 'Dice are drawn from a provably fair seed'). One active seed per
 * player (revealed_at IS NULL); the server seed stays secret until the player rotates, which reveals it and
 * starts the next one. seed_index counts a player's seeds from 0 (a test master seed derives the server seed
 * from it).
 */
export const fairnessSeeds = sqliteTable(
  'fairness_seeds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    seedIndex: integer('seed_index').notNull(),
    /** 64 lower-case hex characters; never leaves the server before revealed_at is set. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce of the next roll under this seed (equals the rolls drawn from it). */
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    revealedAt: integer('revealed_at'),
  },
  (t) => [
    uniqueIndex('fairness_seeds_user_index').on(t.userId, t.seedIndex),
    // At most one active (unrevealed) seed per player.
    uniqueIndex('fairness_seeds_user_active')
      .on(t.userId)
      .where(sql`${t.revealedAt} IS NULL`),
  ],
);

/**
 * Every roll served, with what is needed to verify it (seed id, client seed, nonce) and the full
 * JSON answer, so that a retried request with the same request id replays it exactly.
 * seq is the player's lifetime roll number (1, 2, ...): a progress reset does not lower it; it
 * equals the sum of the player's seed nonces before the roll.
 */
export const rolls = sqliteTable(
  'rolls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    seq: integer('seq').notNull(),
    seedId: integer('seed_id')
      .notNull()
      .references(() => fairnessSeeds.id),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    die: integer('die').notNull(),
    fromPosition: integer('from_position').notNull(),
    toPosition: integer('to_position').notNull(),
    tileId: integer('tile_id').notNull(),
    rawReward: integer('raw_reward').notNull(),
    /** GOGO applied for the tile (after truncation and the balance floor). */
    appliedReward: integer('applied_reward').notNull(),
    /** GOGO of achievements unlocked by this roll. */
    achievementReward: integer('achievement_reward').notNull().default(0),
    isJackpot: integer('is_jackpot', { mode: 'boolean' }).notNull(),
    /** The player's board and the level they owned on the landed tile: the fairness replay needs both. */
    boardNumber: integer('board_number').notNull().default(1),
    propertyLevel: integer('property_level').notNull().default(0),
    requestId: text('request_id'),
    /** The RollResult answered, as JSON. */
    result: text('result').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  // Every index here is written by each roll, so there are only the ones queries use: a player's
  // rolls through (user_id, created_at) (fairness, sessions, profile, export), the rolls of a period
  // through created_at (leaderboards, public figures, back-office analytics), a retried request
  // through (user_id, request_id) (only rolls that carry one). No query looks rolls up by seed: a
  // roll takes its seed's nonce under the player's state lock, so (seed_id, nonce) is unique by
  // construction and bench-ledger check verifies it.
  (t) => [
    uniqueIndex('rolls_user_request')
      .on(t.userId, t.requestId)
      .where(sql`${t.requestId} IS NOT NULL`),
    index('rolls_created').on(t.createdAt),
    index('rolls_user_created').on(t.userId, t.createdAt),
  ],
);

/**
 * Every achievement unlock (append-only). After a progress reset an achievement can unlock again;
 * its reward is paid only the first time (reward_paid is 0 afterwards).
 */
export const achievementUnlocks = sqliteTable(
  'achievement_unlocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    achievementId: text('achievement_id').notNull(),
    rewardPaid: integer('reward_paid').notNull(),
    rollId: integer('roll_id').references(() => rolls.id),
    unlockedAt: integer('unlocked_at').notNull(),
  },
  (t) => [
    uniqueIndex('achievement_unlocks_roll').on(t.rollId, t.achievementId),
    index('achievement_unlocks_user').on(t.userId, t.achievementId),
    index('achievement_unlocks_time').on(t.unlockedAt),
  ],
);

/** Free daily dice: at most one claim per player and UTC day, enforced by the unique index. */
export const dailyDiceClaims = sqliteTable(
  'daily_dice_claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    diceAdded: integer('dice_added').notNull(),
    consecutiveDays: integer('consecutive_days').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('daily_dice_claims_user_day').on(t.userId, t.day)],
);

/** Daily logins: the first call of a UTC day counts (and pays its bonus), once per player and day. */
export const dailyLogins = sqliteTable(
  'daily_logins',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    bonus: integer('bonus').notNull(),
    consecutiveDays: integer('consecutive_days').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('daily_logins_user_day').on(t.userId, t.day)],
);

/** The running streaks of shared/src/rules StreakRecord, one per player and kind. */
export const streaks = sqliteTable(
  'streaks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['login', 'dice'] }).notNull(),
    lastDay: text('last_day'),
    consecutiveDays: integer('consecutive_days').notNull().default(0),
    total: integer('total').notNull().default(0),
    streakStartDay: text('streak_start_day'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A visit to /game: from start to end; rolls and net GOGO are computed from the rolls in the span. */
export const playSessions = sqliteTable(
  'play_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at'),
    /** Free-form client label ('desktop', 'phone', ...), at most 40 characters. */
    device: text('device'),
  },
  (t) => [index('play_sessions_user').on(t.userId, t.startedAt), index('play_sessions_open').on(t.endedAt)],
);

/**
 * Figures computed from many rows and shared by every instance for a few seconds (the public
 * landing stats): one row per key, its JSON value and when it was computed.
 */
export const statsCache = sqliteTable('stats_cache', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  computedAt: integer('computed_at').notNull(),
});
