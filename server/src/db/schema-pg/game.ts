import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** PostgreSQL twin of db/schema/game.ts. JSON columns are TEXT holding JSON, as on SQLite. */
export const gameStates = pgTable('game_states', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  diceRollsRemaining: bigint('dice_rolls_remaining', { mode: 'number' }).notNull().default(0),
  position: integer('position').notNull().default(0),
  totalRolls: bigint('total_rolls', { mode: 'number' }).notNull().default(0),
  totalTokensEarned: bigint('total_tokens_earned', { mode: 'number' }).notNull().default(0),
  jackpotsHit: bigint('jackpots_hit', { mode: 'number' }).notNull().default(0),
  lapsCompleted: bigint('laps_completed', { mode: 'number' }).notNull().default(0),
  xp: bigint('xp', { mode: 'number' }).notNull().default(0),
  level: bigint('level', { mode: 'number' }).notNull().default(1),
  unlockedAchievements: text('unlocked_achievements').notNull().default('[]'),
  rewardedAchievements: text('rewarded_achievements').notNull().default('[]'),
  recentMoves: text('recent_moves').notNull().default('[]'),
  lastDice: text('last_dice').notNull().default('[]'),
  gainStreak: bigint('gain_streak', { mode: 'number' }).notNull().default(0),
  lastRollAt: bigint('last_roll_at', { mode: 'number' }),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    asset: text('asset', { enum: ['GOGO', 'DICE'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    type: text('type', {
      enum: ['deposit', 'withdrawal', 'reward', 'penalty', 'jackpot', 'purchase', 'refund', 'upgrade'],
    }).notNull(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_user_time').on(t.userId, t.createdAt), index('ledger_time').on(t.createdAt)],
);
