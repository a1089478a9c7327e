import { sql } from 'drizzle-orm';
import { bigint, bool, bytes, id, index, int, rangeIndex, table, text, time, uniqueIndex } from './define.js';

/**
 * Provably-fair seeds (docs/adr, 'Dice are drawn from a provably fair seed'). One active seed per
 * player (revealed_at IS NULL); the server seed stays secret until the player rotates, which reveals it and
 * starts the next one. seed_index counts a player's seeds from 0 (a test master seed derives the server seed
 * from it).
 */
export const fairnessSeeds = table(
  'fairness_seeds',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users'),
    seedIndex: bigint('seed_index').notNull(),
    /** 64 lower-case hex characters; never leaves the server before revealed_at is set. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /**
     * The rolls drawn from this seed, written when it is revealed. The active seed's count is not
     * stored: it is the player's game_states.rolls_served less served_before, so a roll writes no
     * row of this table (a trigger on PostgreSQL refuses a write of it on an active seed).
     */
    nextNonce: bigint('next_nonce').notNull().default(0),
    /** The rolls the player had been served when this seed became the active one. */
    servedBefore: bigint('served_before').notNull().default(0),
    createdAt: time('created_at').notNull(),
    revealedAt: time('revealed_at'),
  },
  {
    indexes: [
      uniqueIndex('fairness_seeds_user_index', ['userId', 'seedIndex']),
      // At most one active (unrevealed) seed per player.
      uniqueIndex('fairness_seeds_user_active', ['userId'], (t) => sql`${t.revealedAt} IS NULL`),
    ],
  },
);

/**
 * Every roll served, with what is needed to verify it (seed id, client seed, nonce) and its answer,
 * so that a retried request with the same request id replays it exactly.
 * seq is the player's lifetime roll number (1, 2, ...): a progress reset does not lower it; it
 * equals the sum of the player's seed nonces before the roll.
 */
export const rolls = table(
  'rolls',
  {
    id: id(),
    /** The player, whose state row the roll holds locked (that row's key is checked); users are never deleted. */
    userId: bigint('user_id').notNull().referencesOnSqlite('users'),
    seq: bigint('seq').notNull(),
    /** Its seed, read under the player's state lock by the roll that writes this row; seeds are never deleted. */
    seedId: bigint('seed_id').notNull().referencesOnSqlite('fairnessSeeds'),
    clientSeed: text('client_seed').notNull(),
    nonce: bigint('nonce').notNull(),
    die: int('die').notNull(),
    fromPosition: int('from_position').notNull(),
    toPosition: int('to_position').notNull(),
    tileId: int('tile_id').notNull(),
    rawReward: bigint('raw_reward').notNull(),
    /** GOGO applied for the tile (after truncation and the balance floor). */
    appliedReward: bigint('applied_reward').notNull(),
    /** GOGO of achievements unlocked by this roll. */
    achievementReward: bigint('achievement_reward').notNull().default(0),
    isJackpot: bool('is_jackpot').notNull(),
    /** The player's board and the level they owned on the landed tile: the fairness replay needs both. */
    boardNumber: int('board_number').notNull().default(1),
    propertyLevel: int('property_level').notNull().default(0),
    /** The dice multiplier (dice spent, factor of the GOGO) and the first-roll floor: the replay needs both. */
    multiplier: int('multiplier').notNull().default(1),
    firstRoll: bool('first_roll').notNull().default(false),
    /** GOGO paid for passing Start (already multiplied): earned like the tile's gain. */
    salary: bigint('salary').notNull().default(0),
    requestId: text('request_id'),
    /** The RollResult answered, as text: rows written before `answer`; '' since. */
    result: text('result').notNull(),
    createdAt: time('created_at').notNull(),
    /**
     * The RollResult answered, packed, less what the columns above hold (game/stored-answer.ts): a
     * BYTEA, a quarter smaller than the same bytes as base64 text, and most of a roll's WAL.
     */
    answer: bytes('answer'),
  },
  // Every index here is written by each roll, so there are only the ones queries use: a player's
  // rolls through (user_id, created_at) (fairness, sessions, profile, export), the rolls of a period
  // through created_at (leaderboards, public figures, back-office analytics: ranges and counts, never
  // ORDER BY ... LIMIT, so a BRIN index on PostgreSQL, which a roll does not write), a retried request
  // through (user_id, request_id) (only rolls that carry one). No query looks rolls up by seed: a
  // roll takes its seed's nonce under the player's state lock, so (seed_id, nonce) is unique by
  // construction and bench-ledger check verifies it.
  {
    indexes: [
      uniqueIndex('rolls_user_request', ['userId', 'requestId'], (t) => sql`${t.requestId} IS NOT NULL`),
      rangeIndex('rolls_created', ['createdAt']),
      index('rolls_user_created', ['userId', 'createdAt']),
    ],
  },
);

/**
 * Every achievement unlock (append-only). After a progress reset an achievement can unlock again;
 * its reward is paid only the first time (reward_paid is 0 afterwards).
 */
export const achievementUnlocks = table(
  'achievement_unlocks',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users'),
    achievementId: text('achievement_id').notNull(),
    rewardPaid: bigint('reward_paid').notNull(),
    rollId: bigint('roll_id').references('rolls'),
    unlockedAt: time('unlocked_at').notNull(),
  },
  {
    indexes: [
      uniqueIndex('achievement_unlocks_roll', ['rollId', 'achievementId']),
      index('achievement_unlocks_user', ['userId', 'achievementId']),
      index('achievement_unlocks_time', ['unlockedAt']),
    ],
  },
);

/** Free daily dice: at most one claim per player and UTC day, enforced by the unique index. */
export const dailyDiceClaims = table(
  'daily_dice_claims',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users'),
    day: text('day').notNull(),
    diceAdded: bigint('dice_added').notNull(),
    consecutiveDays: bigint('consecutive_days').notNull(),
    createdAt: time('created_at').notNull(),
  },
  { indexes: [uniqueIndex('daily_dice_claims_user_day', ['userId', 'day'])] },
);

/** Daily logins: the first call of a UTC day counts (and pays its bonus), once per player and day. */
export const dailyLogins = table(
  'daily_logins',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users'),
    day: text('day').notNull(),
    bonus: bigint('bonus').notNull(),
    consecutiveDays: bigint('consecutive_days').notNull(),
    createdAt: time('created_at').notNull(),
  },
  { indexes: [uniqueIndex('daily_logins_user_day', ['userId', 'day'])] },
);

/** The running streaks of shared/src/rules StreakRecord, one per player and kind. */
export const streaks = table(
  'streaks',
  {
    userId: bigint('user_id').notNull().references('users'),
    kind: text('kind', ['login', 'dice']).notNull(),
    lastDay: text('last_day'),
    consecutiveDays: bigint('consecutive_days').notNull().default(0),
    total: bigint('total').notNull().default(0),
    streakStartDay: text('streak_start_day'),
    updatedAt: time('updated_at').notNull(),
  },
  { primaryKey: ['userId', 'kind'] },
);

/** A visit to /game: from start to end; rolls and net GOGO are computed from the rolls in the span. */
export const playSessions = table(
  'play_sessions',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users'),
    startedAt: time('started_at').notNull(),
    endedAt: time('ended_at'),
    /** Free-form client label ('desktop', 'phone', ...), at most 40 characters. */
    device: text('device'),
  },
  { indexes: [index('play_sessions_user', ['userId', 'startedAt']), index('play_sessions_open', ['endedAt'])] },
);

/**
 * Figures computed from many rows and shared by every instance for a few seconds (the public
 * landing stats): one row per key, its JSON value and when it was computed.
 */
export const statsCache = table('stats_cache', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  computedAt: time('computed_at').notNull(),
});
