import { sql } from 'drizzle-orm';
import { EVENT_METRICS, EVENT_REPEATS } from '@gogo/shared/rules';
import { bigint, id, index, int, table, text, time, uniqueIndex } from './define.js';

/**
 * Live events (tournaments). A repeating event is a series of rounds: each round is its own row
 * (series_id = the first round's id), created by the settlement of the round before it.
 * status: 'scheduled' until settled or cancelled; the settlement moves it to 'settled' in the same
 * transaction that pays the prizes, so a round is paid at most once.
 */
export const liveEvents = table(
  'live_events',
  {
    id: id(),
    seriesId: bigint('series_id'),
    round: int('round').notNull().default(1),
    name: text('name').notNull(),
    metric: text('metric', EVENT_METRICS).notNull(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
    repeat: text('repeat', EVENT_REPEATS),
    maxEntrants: int('max_entrants'),
    /** The prize ranges as JSON: [{fromRank, toRank, gogo, dice}]. */
    prizes: text('prizes').notNull(),
    status: text('status', ['scheduled', 'settled', 'cancelled']).notNull(),
    entrants: bigint('entrants').notNull().default(0),
    settledAt: time('settled_at'),
    cancelledAt: time('cancelled_at'),
    createdBy: bigint('created_by').references('admins'),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  {
    indexes: [
      index('live_events_due', ['status', 'endsAt']),
      index('live_events_ends', ['endsAt']),
      uniqueIndex('live_events_series_round', ['seriesId', 'round']),
    ],
  },
);

/** A player in an event: the score counted by their rolls while it runs, and when it last grew. */
export const eventEntries = table(
  'event_entries',
  {
    eventId: bigint('event_id').notNull().references('liveEvents'),
    userId: bigint('user_id').notNull().references('users'),
    score: bigint('score').notNull().default(0),
    /** When the score reached its value (the join time at 0): ties go to the earlier. */
    reachedAt: time('reached_at').notNull(),
    joinedAt: time('joined_at').notNull(),
  },
  {
    primaryKey: ['eventId', 'userId'],
    indexes: [
      index('event_entries_user', ['userId']),
      index('event_entries_standing', ['eventId', 'score', 'reachedAt']),
    ],
  },
);

/** A prize paid at settlement: one per (event, rank) and per (event, player), never twice. */
export const eventPrizes = table(
  'event_prizes',
  {
    id: id(),
    eventId: bigint('event_id').notNull().references('liveEvents'),
    userId: bigint('user_id').notNull().references('users'),
    rank: int('rank').notNull(),
    score: bigint('score').notNull(),
    gogo: bigint('gogo').notNull(),
    dice: bigint('dice').notNull(),
    /** When the player closed the results card (null: it shows when they open the game). */
    seenAt: time('seen_at'),
    createdAt: time('created_at').notNull(),
  },
  {
    indexes: [
      uniqueIndex('event_prizes_rank', ['eventId', 'rank']),
      uniqueIndex('event_prizes_user', ['eventId', 'userId']),
      index('event_prizes_unseen', ['userId'], (t) => sql`${t.seenAt} IS NULL`),
    ],
  },
);

/** Daily challenge rewards claimed: one per (player, day, challenge), enforced by the key. */
export const challengeClaims = table(
  'challenge_claims',
  {
    userId: bigint('user_id').notNull().references('users'),
    day: text('day').notNull(),
    challengeId: text('challenge_id').notNull(),
    gogo: bigint('gogo').notNull(),
    dice: bigint('dice').notNull(),
    createdAt: time('created_at').notNull(),
  },
  { primaryKey: ['userId', 'day', 'challengeId'] },
);

/** The challenge streak: the last day all three were claimed and how many days in a row. */
export const challengeStreaks = table('challenge_streaks', {
  userId: bigint('user_id').primaryKey().references('users'),
  lastDay: text('last_day').notNull(),
  days: int('days').notNull(),
  updatedAt: time('updated_at').notNull(),
});

/** GOGO won per player and week (Monday 'YYYY-MM-DD'), counted in the roll's transaction. */
export const raceScores = table(
  'race_scores',
  {
    week: text('week').notNull(),
    userId: bigint('user_id').notNull().references('users'),
    score: bigint('score').notNull(),
    reachedAt: time('reached_at').notNull(),
  },
  { primaryKey: ['week', 'userId'] },
);

/** A week of the friends race settled: one row per week, written with its prizes. */
export const raceWeeks = table('race_weeks', {
  week: text('week').primaryKey(),
  winners: int('winners').notNull(),
  settledAt: time('settled_at').notNull(),
});

/** A friends race prize: at most one per player and week. */
export const racePrizes = table(
  'race_prizes',
  {
    week: text('week').notNull(),
    userId: bigint('user_id').notNull().references('users'),
    score: bigint('score').notNull(),
    createdAt: time('created_at').notNull(),
  },
  { primaryKey: ['week', 'userId'] },
);

/**
 * The field of a player's friends race for a week, frozen: the friends they had when the week
 * started. A row with friend_id = user_id marks the field as frozen (even an empty one). Written at
 * the player's first roll of the week, before a friendship ends, or at settlement, whichever is
 * first; later changes of friendships do not move it.
 */
export const raceFields = table(
  'race_fields',
  {
    week: text('week').notNull(),
    userId: bigint('user_id').notNull().references('users'),
    friendId: bigint('friend_id').notNull().references('users'),
  },
  { primaryKey: ['week', 'userId', 'friendId'] },
);
