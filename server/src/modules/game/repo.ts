import { eq, sql } from 'drizzle-orm';
import type { GameProgress } from '@gogo/shared/rules';
import type { Database_ } from '../../db/client.js';
import { achievementUnlocks, gameStates } from '../../db/schema/index.js';
import type { GameStateRow } from '../ledger/ledger.js';

export interface NewRoll {
  userId: number;
  seq: number;
  seedId: number;
  clientSeed: string;
  nonce: number;
  die: number;
  from: number;
  to: number;
  tileId: number;
  rawReward: number;
  appliedReward: number;
  achievementReward: number;
  isJackpot: boolean;
  requestId: string | null;
  createdAt: number;
}

/**
 * Queries of the roll path and the game state. The hot ones are prepared once (better-sqlite3
 * statements, or Drizzle prepared queries where JSON columns need decoding): a roll runs a dozen
 * statements and must stay well under a millisecond.
 */
export function createGameRepo(database: Database_) {
  const { db, sqlite } = database;
  const stateRow = db
    .select()
    .from(gameStates)
    .where(eq(gameStates.userId, sql.placeholder('userId')))
    .prepare();
  const rollByRequest = sqlite.prepare<[number, string], { result: string }>(
    'SELECT result FROM rolls WHERE user_id = ? AND request_id = ?',
  );
  // Each roll takes exactly one nonce of one of the player's seeds, so the nonces add up to the
  // rolls ever served (a handful of seed rows instead of a scan of the rolls).
  const lifetimeRolls = sqlite.prepare<[number], { n: number }>(
    'SELECT coalesce(sum(next_nonce), 0) AS n FROM fairness_seeds WHERE user_id = ?',
  );
  const insertRoll = sqlite.prepare(
    `INSERT INTO rolls (user_id, seq, seed_id, client_seed, nonce, die, from_position, to_position, tile_id,
       raw_reward, applied_reward, achievement_reward, is_jackpot, request_id, result, created_at)
     VALUES (@userId, @seq, @seedId, @clientSeed, @nonce, @die, @from, @to, @tileId,
       @rawReward, @appliedReward, @achievementReward, @isJackpot, @requestId, '', @createdAt)`,
  );
  const setRollResult = sqlite.prepare<[string, number]>('UPDATE rolls SET result = ? WHERE id = ?');
  const updateProgress = sqlite.prepare(
    `UPDATE game_states SET position = @position, total_rolls = @totalRolls,
       total_tokens_earned = @totalTokensEarned, jackpots_hit = @jackpotsHit, laps_completed = @lapsCompleted,
       xp = @xp, level = @level, unlocked_achievements = @unlockedAchievements,
       rewarded_achievements = @rewardedAchievements, recent_moves = @recentMoves, last_dice = @lastDice,
       gain_streak = @gainStreak, last_roll_at = @lastRollAt, updated_at = @updatedAt
     WHERE user_id = @userId`,
  );
  const insertUnlock = sqlite.prepare<[number, string, number, number | null, number]>(
    'INSERT INTO achievement_unlocks (user_id, achievement_id, reward_paid, roll_id, unlocked_at) VALUES (?, ?, ?, ?, ?)',
  );
  const addTokensEarned = sqlite.prepare<[number, number, number]>(
    'UPDATE game_states SET total_tokens_earned = total_tokens_earned + ?, updated_at = ? WHERE user_id = ?',
  );
  const diceTotals = sqlite.prepare<[number], { purchased: number }>(
    `SELECT coalesce(sum(amount), 0) AS purchased FROM ledger_entries
     WHERE user_id = ? AND asset = 'DICE' AND amount > 0 AND type IN ('deposit', 'purchase')`,
  );

  return {
    stateRow: (userId: number): GameStateRow | undefined => stateRow.get({ userId }),
    /** The stored answer of an earlier roll with this request id, if any. */
    rollResultByRequest: (userId: number, requestId: string): string | undefined =>
      rollByRequest.get(userId, requestId)?.result,
    /** Rolls ever served to the player (a progress reset does not lower it). */
    lifetimeRolls: (userId: number): number => lifetimeRolls.get(userId)?.n ?? 0,
    insertRoll: (roll: NewRoll): number =>
      Number(insertRoll.run({ ...roll, isJackpot: roll.isJackpot ? 1 : 0 }).lastInsertRowid),
    setRollResult: (rollId: number, json: string) => {
      setRollResult.run(json, rollId);
    },
    /** Writes every progress field of the state; never balance or dice (those move with the ledger). */
    updateProgress(userId: number, p: GameProgress, lastRollAt: number | null, now: number) {
      updateProgress.run({
        userId,
        position: p.position,
        totalRolls: p.totalRolls,
        totalTokensEarned: p.totalTokensEarned,
        jackpotsHit: p.jackpotsHit,
        lapsCompleted: p.lapsCompleted,
        xp: p.xp,
        level: p.level,
        unlockedAchievements: JSON.stringify(p.unlockedAchievements),
        rewardedAchievements: JSON.stringify(p.rewardedAchievements),
        recentMoves: JSON.stringify(p.recentMoves),
        lastDice: JSON.stringify(p.lastDice),
        gainStreak: p.gainStreak,
        lastRollAt,
        updatedAt: now,
      });
    },
    insertUnlock(userId: number, achievementId: string, rewardPaid: number, rollId: number | null, now: number) {
      insertUnlock.run(userId, achievementId, rewardPaid, rollId, now);
    },
    addTokensEarned(userId: number, amount: number, now: number) {
      addTokensEarned.run(amount, now, userId);
    },
    /** Dice rolls credited by deposits and purchases (starting, daily and bench dice are not purchases). */
    dicePurchased: (userId: number): number => diceTotals.get(userId)?.purchased ?? 0,
    /** When each achievement was last unlocked (the current unlock after any reset). */
    latestUnlocks: (userId: number): Map<string, number> =>
      new Map(
        db
          .select({ id: achievementUnlocks.achievementId, at: sql<number>`max(${achievementUnlocks.unlockedAt})` })
          .from(achievementUnlocks)
          .where(eq(achievementUnlocks.userId, userId))
          .groupBy(achievementUnlocks.achievementId)
          .all()
          .map((row) => [row.id, row.at]),
      ),
  };
}

export type GameRepo = ReturnType<typeof createGameRepo>;
