import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins, users } from './accounts.js';

/** PostgreSQL twin of db/schema/events.ts. */
/**
 * Live events (tournaments). A repeating event is a series of rounds: each round is its own row
 * (series_id = the first round's id), created by the settlement of the round before it.
 * status: 'scheduled' until settled or cancelled; the settlement moves it to 'settled' in the same
 * transaction that pays the prizes, so a round is paid at most once.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    seriesId: bigint('series_id', { mode: 'number' }),
    round: integer('round').notNull().default(1),
    name: text('name').notNull(),
    metric: text('metric', { enum: ['gogo_won', 'laps', 'rolls'] }).notNull(),
    startsAt: bigint('starts_at', { mode: 'number' }).notNull(),
    endsAt: bigint('ends_at', { mode: 'number' }).notNull(),
    repeat: text('repeat', { enum: ['daily', 'weekly'] }),
    maxEntrants: integer('max_entrants'),
    /** The prize ranges as JSON: [{fromRank, toRank, gogo, dice}]. */
    prizes: text('prizes').notNull(),
    status: text('status', { enum: ['scheduled', 'settled', 'cancelled'] }).notNull(),
    entrants: bigint('entrants', { mode: 'number' }).notNull().default(0),
    settledAt: bigint('settled_at', { mode: 'number' }),
    cancelledAt: bigint('cancelled_at', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => admins.id),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('live_events_due').on(t.status, t.endsAt),
    index('live_events_ends').on(t.endsAt),
    uniqueIndex('live_events_series_round').on(t.seriesId, t.round),
  ],
);

/** A player in an event: the score counted by their rolls while it runs, and when it last grew. */
export const eventEntries = pgTable(
  'event_entries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => liveEvents.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    score: bigint('score', { mode: 'number' }).notNull().default(0),
    /** When the score reached its value (the join time at 0): ties go to the earlier. */
    reachedAt: bigint('reached_at', { mode: 'number' }).notNull(),
    joinedAt: bigint('joined_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_entries_user').on(t.userId),
    index('event_entries_standing').on(t.eventId, t.score, t.reachedAt),
  ],
);

/** A prize paid at settlement: one per (event, rank) and per (event, player), never twice. */
export const eventPrizes = pgTable(
  'event_prizes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => liveEvents.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    rank: integer('rank').notNull(),
    score: bigint('score', { mode: 'number' }).notNull(),
    gogo: bigint('gogo', { mode: 'number' }).notNull(),
    dice: bigint('dice', { mode: 'number' }).notNull(),
    /** When the player closed the results card (null: it shows when they open the game). */
    seenAt: bigint('seen_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
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
export const challengeClaims = pgTable(
  'challenge_claims',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
    challengeId: text('challenge_id').notNull(),
    gogo: bigint('gogo', { mode: 'number' }).notNull(),
    dice: bigint('dice', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.challengeId] })],
);

/** The challenge streak: the last day all three were claimed and how many days in a row. */
export const challengeStreaks = pgTable('challenge_streaks', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  lastDay: text('last_day').notNull(),
  days: integer('days').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** GOGO won per player and week (Monday 'YYYY-MM-DD'), counted in the roll's transaction. */
export const raceScores = pgTable(
  'race_scores',
  {
    week: text('week').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    score: bigint('score', { mode: 'number' }).notNull(),
    reachedAt: bigint('reached_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId] })],
);

/** A week of the friends race settled: one row per week, written with its prizes. */
export const raceWeeks = pgTable('race_weeks', {
  week: text('week').primaryKey(),
  winners: integer('winners').notNull(),
  settledAt: bigint('settled_at', { mode: 'number' }).notNull(),
});

/** A friends race prize: at most one per player and week. */
export const racePrizes = pgTable(
  'race_prizes',
  {
    week: text('week').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    score: bigint('score', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId] })],
);
