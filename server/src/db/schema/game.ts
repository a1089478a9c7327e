import { ASSETS, TRANSACTION_TYPES, type RecentMove } from '@gogo/shared/rules';
import { sql } from 'drizzle-orm';
import { bigint, id, index, int, json, pgPartialIndex, table, text, time } from './define.js';

/**
 * One row per player: the game progress of shared/src/rules GameProgress plus the cached balances.
 * balance and dice_rolls_remaining are caches of the ledger sums, written only by the ledger module.
 */
export const gameStates = table('game_states', {
  // The physical order is the point (PostgreSQL migration 0013): what a roll leaves as it was comes
  // first and what every roll rewrites last. A HOT update logs the new row less the bytes it shares
  // with the old one at its start, so a roll's WAL for this row is the tail from balance on.
  userId: bigint('user_id').primaryKey().references('users'),
  createdAt: time('created_at').notNull(),
  jackpotsHit: bigint('jackpots_hit').notNull().default(0),
  level: bigint('level').notNull().default(1),
  lapsCompleted: bigint('laps_completed').notNull().default(0),
  unlockedAchievements: json<string[]>('unlocked_achievements').notNull().default('[]'),
  rewardedAchievements: json<string[]>('rewarded_achievements').notNull().default('[]'),
  balance: bigint('balance').notNull().default(0),
  diceRollsRemaining: bigint('dice_rolls_remaining').notNull().default(0),
  totalRolls: bigint('total_rolls').notNull().default(0),
  totalTokensEarned: bigint('total_tokens_earned').notNull().default(0),
  xp: bigint('xp').notNull().default(0),
  gainStreak: bigint('gain_streak').notNull().default(0),
  lastRollAt: time('last_roll_at'),
  /** When the dice refill last ticked (shared/src/rules/dice.ts); null while the dice are at the cap or above. */
  diceRefillAt: time('dice_refill_at'),
  updatedAt: time('updated_at').notNull(),
  position: int('position').notNull().default(0),
  lastDice: json<number[]>('last_dice').notNull().default('[]'),
  recentMoves: json<RecentMove[]>('recent_moves').notNull().default('[]'),
  /**
   * Rolls ever served to the player (a progress reset does not lower it): the lifetime roll number of
   * the last roll, and what the active fairness seed's nonce is counted from.
   */
  rollsServed: bigint('rolls_served').notNull().default(0),
});

/**
 * The append-only ledger: every change of GOGO or dice rolls, written in the same transaction as the
 * cached balance it explains. Rows are never updated or deleted (an account deletion anonymises the
 * user row, not these).
 */
export const ledgerEntries = table(
  'ledger_entries',
  {
    id: id(),
    /** The player, whose state row every posting holds locked (that row's key is checked); users are never deleted. */
    userId: bigint('user_id').notNull().referencesOnSqlite('users'),
    asset: text('asset', ASSETS).notNull(),
    amount: bigint('amount').notNull(),
    type: text('type', TRANSACTION_TYPES).notNull(),
    /** Machine-readable cause: 'roll', 'tile:6', 'achievement:first_roll', 'daily_login', ... */
    reason: text('reason').notNull(),
    /** What the entry belongs to, e.g. ('roll', 42) or ('transaction', 7). */
    refType: text('ref_type'),
    refId: bigint('ref_id'),
    /** The cached balance of this asset right after the entry: an audit trail that reads on its own. */
    balanceAfter: bigint('balance_after').notNull(),
    createdAt: time('created_at').notNull(),
  },
  // Written by every roll, so only what queries use: a player's rows (sums, history, export) through
  // (user_id, created_at); the back office lists and charts the ledger by time (All Transactions
  // pages, date filters, per-day analytics). No query looks rows up by (ref_type, ref_id). None of
  // the queries by time reads the one-die spend of a roll (All Transactions leaves it out, the
  // charts read GOGO), so on PostgreSQL ledger_time has no entry for it: one index entry a roll less.
  {
    indexes: [
      index('ledger_user_time', ['userId', 'createdAt']),
      pgPartialIndex('ledger_time', ['createdAt'], (t) => sql`${t.asset} <> 'DICE' OR ${t.reason} <> 'roll'`),
    ],
  },
);
