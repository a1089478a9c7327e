import { STARTING_BALANCE, STARTING_DICE_ROLLS, STARTING_LEVEL, STARTING_POSITION } from './economy.js';
import { RuleError } from './errors.js';
import { isBoardPosition } from './tiles.js';

export interface RecentMove {
  position: number;
  /** GOGO really applied (after truncation and the balance floor). */
  reward: number;
  tileName: string;
  timestamp: number;
}

/** Everything of value about one player's game; the server stores it, the client only draws it. */
export interface GameProgress {
  balance: number;
  diceRollsRemaining: number;
  position: number;
  totalRolls: number;
  /** Credits only: penalties never lower it. */
  totalTokensEarned: number;
  jackpotsHit: number;
  lapsCompleted: number;
  xp: number;
  level: number;
  unlockedAchievements: string[];
  /**
   * Achievements whose GOGO reward has ever been paid. Survives resetProgress, so that resetting
   * and unlocking again cannot mint GOGO (docs/adr, 'The server decides everything of value':
   * a reset never mints).
   */
  rewardedAchievements: string[];
  /** Newest first, at most RECENT_MOVES_KEPT. */
  recentMoves: RecentMove[];
  /** The last dice (up to LAST_DICE_KEPT), newest last, for snake_eyes and high_roller. */
  lastDice: number[];
  /** Consecutive rolls with an applied reward > 0. */
  gainStreak: number;
}

export function initialProgress(): GameProgress {
  return {
    balance: STARTING_BALANCE,
    diceRollsRemaining: STARTING_DICE_ROLLS,
    ...initialCounters(),
    rewardedAchievements: [],
  };
}

/**
 * Starts the game over but keeps what has value: balance and dice rolls are untouched (a reset
 * never mints or burns), and so is the record of achievement rewards already paid.
 */
export function resetProgress(state: GameProgress): GameProgress {
  return {
    balance: state.balance,
    diceRollsRemaining: state.diceRollsRemaining,
    ...initialCounters(),
    rewardedAchievements: [...state.rewardedAchievements],
  };
}

function initialCounters() {
  return {
    position: STARTING_POSITION,
    totalRolls: 0,
    totalTokensEarned: 0,
    jackpotsHit: 0,
    lapsCompleted: 0,
    xp: 0,
    level: STARTING_LEVEL,
    unlockedAchievements: [] as string[],
    recentMoves: [] as RecentMove[],
    lastDice: [] as number[],
    gainStreak: 0,
  };
}

/** Throws RuleError('INVALID_STATE') when a stored state could not have come from the rules. */
export function assertValidProgress(state: GameProgress): void {
  const counters: [string, number][] = [
    ['balance', state.balance],
    ['diceRollsRemaining', state.diceRollsRemaining],
    ['totalRolls', state.totalRolls],
    ['totalTokensEarned', state.totalTokensEarned],
    ['jackpotsHit', state.jackpotsHit],
    ['lapsCompleted', state.lapsCompleted],
    ['xp', state.xp],
    ['gainStreak', state.gainStreak],
  ];
  for (const [name, value] of counters) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RuleError('INVALID_STATE', `${name} must be a non-negative integer, got ${value}`);
    }
  }
  if (!Number.isSafeInteger(state.level) || state.level < STARTING_LEVEL) {
    throw new RuleError('INVALID_STATE', `level must be an integer >= 1, got ${state.level}`);
  }
  if (!isBoardPosition(state.position)) {
    throw new RuleError('INVALID_STATE', `position must be a board position, got ${state.position}`);
  }
  const lists: [string, unknown][] = [
    ['unlockedAchievements', state.unlockedAchievements],
    ['rewardedAchievements', state.rewardedAchievements],
    ['recentMoves', state.recentMoves],
    ['lastDice', state.lastDice],
  ];
  for (const [name, value] of lists) {
    if (!Array.isArray(value)) throw new RuleError('INVALID_STATE', `${name} must be an array`);
  }
}
