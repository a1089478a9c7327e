import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { admins, users } from './accounts.js';

/**
 * Live events (tournaments). A repeating event is a series of rounds: each round is its own row
 * (series_id = the first round's id), created by the settlement of the round before it.
 * status: 'scheduled' until settled or cancelled; the settlement moves it to 'settled' in the same
 * transaction that pays the prizes, so a round is paid at most once.
 */
export const liveEvents = sqliteTable(
  'live_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seriesId: integer('series_id'),
    round: integer('round').notNull().default(1),
    name: text('name').notNull(),
    metric: text('metric', { enum: ['gogo_won', 'laps', 'rolls'] }).notNull(),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    repeat: text('repeat', { enum: ['daily', 'weekly'] }),
    maxEntrants: integer('max_entrants'),
    /** The prize ranges as JSON: [{fromRank, toRank, gogo, dice}]. */
    prizes: text('prizes').notNull(),
    status: text('status', { enum: ['scheduled', 'settled', 'cancelled'] }).notNull(),
    entrants: integer('entrants').notNull().default(0),
    settledAt: integer('settled_at'),
    cancelledAt: integer('cancelled_at'),
    createdBy: integer('created_by').references(() => admins.id),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('live_events_due').on(t.status, t.endsAt),
    index('live_events_ends').on(t.endsAt),
    uniqueIndex('live_events_series_round').on(t.seriesId, t.round),
  ],
);

/** A player in an event: the score counted by their rolls while it runs, and when it last grew. */
export const eventEntries = sqliteTable(
  'event_entries',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => liveEvents.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    score: integer('score').notNull().default(0),
    /** When the score reached its value (the join time at 0): ties go to the earlier. */
    reachedAt: integer('reached_at').notNull(),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_entries_user').on(t.userId),
    index('event_entries_standing').on(t.eventId, t.score, t.reachedAt),
  ],
);

/** A prize paid at settlement: one per (event, rank) and per (event, player), never twice. */
export const eventPrizes = sqliteTable(
  'event_prizes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => liveEvents.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rank: integer('rank').notNull(),
    score: integer('score').notNull(),
    gogo: integer('gogo').notNull(),
    dice: integer('dice').notNull(),
    /** When the player closed the results card (null: it shows when they open the game). */
    seenAt: integer('seen_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('event_prizes_rank').on(t.eventId, t.rank),
    uniqueIndex('event_prizes_user').on(t.eventId, t.userId),
    index('event_prizes_unseen')
      .on(t.userId)
      .where(sql`${t.seenAt} IS NULL`),
  ],
);

/** Daily challenge rewards claimed: one per (player, day, challenge), enforced by the key. */
export const challengeClaims = sqliteTable(
  'challenge_claims',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    challengeId: text('challenge_id').notNull(),
    gogo: integer('gogo').notNull(),
    dice: integer('dice').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.challengeId] })],
);

/** The challenge streak: the last day all three were claimed and how many days in a row. */
export const challengeStreaks = sqliteTable('challenge_streaks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  lastDay: text('last_day').notNull(),
  days: integer('days').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** GOGO won per player and week (Monday 'YYYY-MM-DD'), counted in the roll's transaction. */
export const raceScores = sqliteTable(
  'race_scores',
  {
    week: text('week').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    score: integer('score').notNull(),
    reachedAt: integer('reached_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId] })],
);

/** A week of the friends race settled: one row per week, written with its prizes. */
export const raceWeeks = sqliteTable('race_weeks', {
  week: text('week').primaryKey(),
  winners: integer('winners').notNull(),
  settledAt: integer('settled_at').notNull(),
});

/** A friends race prize: at most one per player and week. */
export const racePrizes = sqliteTable(
  'race_prizes',
  {
    week: text('week').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    score: integer('score').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId] })],
);
