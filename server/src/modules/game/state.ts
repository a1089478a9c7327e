import type { DiceRefillDto, GameStateDto } from '@gogo/shared/api';
import {
  currentStreakDays,
  describeBoard,
  initialProgress,
  refillView,
  ROLL_COOLDOWN_MS,
  utcDay,
  xpThreshold,
  type GameProgress,
  type PlayerBoard,
  type RefillPolicy,
  type StreakRecord,
} from '@gogo/shared/rules';
import type { GameState } from '../ledger/index.js';

/** The rules' GameProgress of a stored row. */
export function progressFromRow(row: GameState): GameProgress {
  return {
    balance: row.balance,
    diceRollsRemaining: row.diceRollsRemaining,
    position: row.position,
    totalRolls: row.totalRolls,
    totalTokensEarned: row.totalTokensEarned,
    jackpotsHit: row.jackpotsHit,
    lapsCompleted: row.lapsCompleted,
    xp: row.xp,
    level: row.level,
    unlockedAchievements: row.unlockedAchievements,
    rewardedAchievements: row.rewardedAchievements,
    recentMoves: row.recentMoves,
    lastDice: row.lastDice,
    gainStreak: row.gainStreak,
  };
}

/**
 * What a player who never played sees: the starting state. Reading it writes nothing; the first
 * write (a roll, a claim, a login bonus) creates the row and posts the starting dice to the ledger.
 */
export function virtualStateRow(userId: number, now: number): GameState {
  const start = initialProgress();
  return { ...start, userId, lastRollAt: null, diceRefillAt: null, createdAt: now, updatedAt: now };
}

/** The dice a player is shown at `now` (the refill due counted, nothing written) and the refill's view. */
export function refillShown(
  dice: number,
  anchor: number | null,
  now: number,
  policy: RefillPolicy,
): { dice: number; refill: DiceRefillDto } {
  const view = refillView({ dice, anchor }, now, policy);
  return {
    dice: view.dice,
    refill: {
      cap: view.cap,
      intervalSeconds: Math.round(view.intervalMs / 1000),
      nextDieAt: view.nextDieAt,
      secondsToNextDie: view.secondsToNextDie,
      diceFullAt: view.diceFullAt,
    },
  };
}

/** The game state (GameStateDto in shared/src/api/game.ts) as the server decided it; the UI flags are neutral. */
export function toGameStateDto(
  progress: GameProgress,
  lastRollAt: number | null,
  loginStreak: StreakRecord,
  now: number,
  board: PlayerBoard,
  refill: DiceRefillDto,
): GameStateDto {
  return { ...gameStateFields(progress, lastRollAt, loginStreak, now, refill), board: describeBoard(board) };
}

/** The game state without its board view (a roll stores the board's key in its place). */
export function gameStateFields(
  progress: GameProgress,
  lastRollAt: number | null,
  loginStreak: StreakRecord,
  now: number,
  refill: DiceRefillDto,
): Omit<GameStateDto, 'board'> {
  const lastDie = progress.lastDice.at(-1);
  const lastMove = progress.recentMoves[0];
  const cooldownEnd = lastRollAt === null ? null : lastRollAt + ROLL_COOLDOWN_MS;
  return {
    balance: progress.balance,
    diceRollsRemaining: progress.diceRollsRemaining,
    diceRefill: refill,
    position: progress.position,
    totalRolls: progress.totalRolls,
    totalTokensEarned: progress.totalTokensEarned,
    jackpotsHit: progress.jackpotsHit,
    lapsCompleted: progress.lapsCompleted,
    xp: progress.xp,
    level: progress.level,
    xpToNextLevel: xpThreshold(progress.level),
    isRolling: false,
    lastRollResult: lastDie === undefined ? null : { die1: lastDie, die2: 0, total: lastDie },
    cooldownEndTime: cooldownEnd !== null && cooldownEnd > now ? cooldownEnd : null,
    showRewardModal: false,
    showAchievementModal: false,
    currentReward: lastMove?.reward ?? null,
    currentTileName: lastMove?.tileName ?? null,
    currentAchievement: progress.unlockedAchievements.at(-1) ?? null,
    unlockedAchievements: [...progress.unlockedAchievements],
    recentMoves: progress.recentMoves.map((move) => ({ ...move })),
    dailyLoginData: {
      consecutiveDays: currentStreakDays(loginStreak, now),
      totalLogins: loginStreak.total,
      hasLoggedInToday: loginStreak.lastDay === utcDay(now),
    },
    sessionNotifications: {
      jackpotShown: false,
      lapCompletionShown: false,
      lastJackpotCount: progress.jackpotsHit,
      lastLapCount: progress.lapsCompleted,
    },
  };
}
