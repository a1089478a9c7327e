import { sql } from 'drizzle-orm';
import { PUSH_KINDS } from '@gogo/shared/rules';
import { bigint, id, index, int, json, table, text, time, uniqueIndex } from './define.js';

/**
 * Web push (modules/push). One row per subscribed device: the push service's endpoint is unique,
 * so a browser that signs in as another player moves to that player instead of being shared.
 */
export const pushSubscriptions = table(
  'push_subscriptions',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users', 'id', 'cascade'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser and system it was subscribed from, for the list of devices. */
    label: text('label').notNull(),
    createdAt: time('created_at').notNull(),
    lastSentAt: time('last_sent_at'),
  },
  {
    indexes: [
      uniqueIndex('push_subscriptions_endpoint', ['endpoint']),
      index('push_subscriptions_user', ['userId', 'createdAt']),
    ],
  },
);

/** The kinds a player turned off (a JSON list; no row: every kind on). */
export const pushPreferences = table('push_preferences', {
  userId: bigint('user_id').primaryKey().references('users', 'id', 'cascade'),
  kindsOff: json<string[]>('kinds_off').notNull(),
  updatedAt: time('updated_at').notNull(),
});

/**
 * Notifications to send, and those sent (the log). `state`: 'pending' until due; a sweeper claims a
 * due row by moving it to 'sending' with `due_at` pushed to the end of its lease (an instance that
 * dies mid-send leaves it due again), then 'sent', 'skipped' (kind off, daily cap, no device) or
 * 'failed' after its last try. One pending row per (player, dedupe key): scheduling again moves it.
 */
export const pushNotifications = table(
  'push_notifications',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users', 'id', 'cascade'),
    kind: text('kind', PUSH_KINDS).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    dueAt: time('due_at').notNull(),
    payload: json<Record<string, unknown>>('payload').notNull(),
    state: text('state', ['pending', 'sending', 'sent', 'skipped', 'failed']).notNull().default('pending'),
    attempts: int('attempts').notNull().default(0),
    /** Why it was skipped or failed ('off', 'capped', 'no_device', or the push service's answer). */
    outcome: text('outcome'),
    createdAt: time('created_at').notNull(),
    sentAt: time('sent_at'),
  },
  {
    indexes: [
      uniqueIndex('push_notifications_pending', ['userId', 'dedupeKey'], (t) => sql`${t.state} = 'pending'`),
      index('push_notifications_due', ['state', 'dueAt']),
      index('push_notifications_user', ['userId', 'state']),
    ],
  },
);

/** Notifications counted per player and UTC day: the daily cap holds across kinds and instances. */
export const pushSentDays = table(
  'push_sent_days',
  {
    id: id(),
    userId: bigint('user_id').notNull().references('users', 'id', 'cascade'),
    day: text('day').notNull(),
    sent: int('sent').notNull(),
  },
  { indexes: [uniqueIndex('push_sent_days_user_day', ['userId', 'day'])] },
);

/**
 * The VAPID key pair when neither the environment nor DATA_DIR/secrets.json gives one (PostgreSQL):
 * the first instance to start inserts it, every other instance reads the same row, so browsers
 * subscribed through one instance get pushes sent by any.
 */
export const pushVapidKeys = table('push_vapid_keys', {
  id: int('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: time('created_at').notNull(),
});
