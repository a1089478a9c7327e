import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { RecentMove } from '@gogo/shared/rules';
import { users } from './accounts.js';

/**
 * One row per player: the game progress of shared/src/rules GameProgress plus the cached balances.
 * balance and dice_rolls_remaining are caches of the ledger sums, written only by the ledger module.
 */
export const gameStates = sqliteTable('game_states', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  balance: integer('balance').notNull().default(0),
  diceRollsRemaining: integer('dice_rolls_remaining').notNull().default(0),
  position: integer('position').notNull().default(0),
  totalRolls: integer('total_rolls').notNull().default(0),
  totalTokensEarned: integer('total_tokens_earned').notNull().default(0),
  jackpotsHit: integer('jackpots_hit').notNull().default(0),
  lapsCompleted: integer('laps_completed').notNull().default(0),
  xp: integer('xp').notNull().default(0),
  level: integer('level').notNull().default(1),
  unlockedAchievements: text('unlocked_achievements', { mode: 'json' }).$type<string[]>().notNull().default([]),
  rewardedAchievements: text('rewarded_achievements', { mode: 'json' }).$type<string[]>().notNull().default([]),
  recentMoves: text('recent_moves', { mode: 'json' }).$type<RecentMove[]>().notNull().default([]),
  lastDice: text('last_dice', { mode: 'json' }).$type<number[]>().notNull().default([]),
  gainStreak: integer('gain_streak').notNull().default(0),
  lastRollAt: integer('last_roll_at'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * The append-only ledger: every change of GOGO or dice rolls, written in the same transaction as the
 * cached balance it explains. Rows are never updated or deleted (an account deletion anonymises the
 * user row, not these).
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset', { enum: ['GOGO', 'DICE'] }).notNull(),
    amount: integer('amount').notNull(),
    type: text('type', {
      enum: ['deposit', 'withdrawal', 'reward', 'penalty', 'jackpot', 'purchase', 'refund', 'upgrade'],
    }).notNull(),
    /** Machine-readable cause: 'roll', 'tile:6', 'achievement:first_roll', 'daily_login', ... */
    reason: text('reason').notNull(),
    /** What the entry belongs to, e.g. ('roll', 42) or ('transaction', 7). */
    refType: text('ref_type'),
    refId: integer('ref_id'),
    /** The cached balance of this asset right after the entry: an audit trail that reads on its own. */
    balanceAfter: integer('balance_after').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  // Written by every roll, so only what queries use: a player's rows (sums, history, export) through
  // (user_id, created_at); the back office lists and charts the ledger by time (All Transactions
  // pages, date filters, per-day analytics). No query looks rows up by (ref_type, ref_id).
  (t) => [index('ledger_user_time').on(t.userId, t.createdAt), index('ledger_time').on(t.createdAt)],
);
