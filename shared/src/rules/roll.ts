import { checkAchievements, type AchievementId } from './achievements.js';
import { flooredTileGogo, isMultiplierUnlocked, PASS_START_SALARY, passesStart, type DiceMultiplier } from './dice.js';
import { JACKPOT_XP_MULTIPLIER, LAP_BONUS_XP, LAST_DICE_KEPT, RECENT_MOVES_KEPT, XP_RATE } from './economy.js';
import { RuleError } from './errors.js';
import type { LedgerDelta, TransactionType } from './ledger.js';
import { applyXp } from './levels.js';
import { drawMove, type Drawer } from './movement.js';
import { assertValidProgress, type GameProgress, type RecentMove } from './state.js';
import {
  emptyBoard,
  LAP_DICE_REWARD,
  levelUpDice,
  propertyLevel,
  rewardMultiplier,
  tileOnBoard,
  tileReason,
  type PlayerBoard,
} from './properties.js';
import { gogoFromRaw, START_TILE_ID, type Tile } from './tiles.js';

export type { Drawer } from './movement.js';

export interface UnlockedAchievement {
  id: AchievementId;
  name: string;
  /** GOGO really credited: 0 when this achievement was already paid before a reset. */
  reward: number;
}

export interface RollOutcome {
  die: number;
  from: number;
  to: number;
  /** Positions stepped through, excluding `from`, ending at `to`. */
  path: number[];
  tile: Tile;
  rawReward: number;
  /** The board the roll was played on and the level owned on the landed tile (0: not owned). */
  boardNumber: number;
  propertyLevel: number;
  /** The landed tile's multiplier (1 unless it is a property the player owns). */
  rewardMultiplier: number;
  /**
   * GOGO applied for the tile: after truncation, the property multiplier, the first-roll floor, the
   * dice multiplier and the balance floor.
   */
  reward: number;
  /** The dice multiplier: dice spent by this roll, and the factor of its GOGO (tile and salary). */
  multiplier: DiceMultiplier;
  /** True for the account's first roll, whose tile pays at least FIRST_ROLL_MIN_REWARD. */
  firstRoll: boolean;
  /** The move passed Start without landing on it. */
  passedStart: boolean;
  /** GOGO paid for passing Start (PASS_START_SALARY x multiplier), 0 otherwise. */
  salary: number;
  /** Dice paid by this roll: for each level reached and for a completed lap. */
  levelUpDice: number;
  lapDice: number;
  xpGained: number;
  /** New levels reached, in order. */
  levelUps: number[];
  lapCompleted: boolean;
  isJackpot: boolean;
  achievementsUnlocked: UnlockedAchievement[];
}

export interface RollResolution {
  state: GameProgress;
  outcome: RollOutcome;
  /** Every balance and dice change of this roll; their sums equal the state's changes exactly. */
  ledger: LedgerDelta[];
}

/** XP for a raw amount: floor(|raw| x 0.1), doubled on a jackpot tile. */
export function xpForRaw(rawReward: number, isJackpot: boolean): number {
  const xp = Math.floor(Math.abs(rawReward) * XP_RATE);
  return isJackpot ? xp * JACKPOT_XP_MULTIPLIER : xp;
}

/**
 * GOGO to apply for a raw amount given the current balance: a penalty stops at a balance of 0. The
 * multiplier (an owned property's) scales the truncated amount.
 */
export function appliedReward(rawReward: number, balance: number, multiplier = 1): number {
  return Math.max(gogoFromRaw(rawReward) * multiplier, -balance) + 0;
}

function tileTransactionType(tile: Tile, applied: number): TransactionType {
  if (tile.type === 'JACKPOT') return 'jackpot';
  return applied < 0 ? 'penalty' : 'reward';
}

export interface RollOptions {
  /** Dice spent and GOGO factor; 1 unless the player chose more. Must be unlocked (dice.ts). */
  multiplier?: DiceMultiplier;
  /** The account's first roll ever (a progress reset does not make another). */
  firstRoll?: boolean;
}

/**
 * One roll, decided entirely from the state, the player's board, a drawer and the time
 * (docs/adr, 'Dice are drawn from a provably fair seed' and 'Tile rewards, movement, XP and
 * levels'; docs/economy.md for the board and the multiplier). Pure: the inputs are not modified.
 * Throws RuleError('MULTIPLIER_LOCKED') for a multiplier the player has not unlocked and
 * RuleError('NO_ROLLS') when fewer dice than the multiplier are left.
 */
export function resolveRoll(
  state: GameProgress,
  drawer: Drawer,
  now: number,
  board: PlayerBoard = emptyBoard(),
  options: RollOptions = {},
): RollResolution {
  assertValidProgress(state);
  const times = options.multiplier ?? 1;
  const firstRoll = options.firstRoll ?? false;
  if (!isMultiplierUnlocked(times, state.level, state.diceRollsRemaining)) {
    throw new RuleError('MULTIPLIER_LOCKED', `Multiplier x${times} is not unlocked.`);
  }
  if (state.diceRollsRemaining < times) {
    throw new RuleError('NO_ROLLS', 'No dice rolls remaining. Please purchase more dice rolls.');
  }
  // A spent roll is recorded as the purchase of a move: one row for the N dice of a multiplied roll.
  const ledger: LedgerDelta[] = [{ asset: 'DICE', amount: -times, type: 'purchase', reason: 'roll' }];

  const from = state.position;
  const drawn = drawMove(from, drawer);
  const { die, path, to, rawReward } = drawn;
  const tile = tileOnBoard(drawn.tile.id, board.number);
  const isJackpot = tile.type === 'JACKPOT';
  const lapCompleted = to === START_TILE_ID;

  const level = propertyLevel(board, tile.id);
  const multiplier = tile.type === 'PROPERTY' ? rewardMultiplier(board.number, level) : 1;
  const tileGogo = flooredTileGogo(gogoFromRaw(rawReward) * multiplier, firstRoll);
  // The dice multiplier scales gains and penalties alike; a penalty still stops at a balance of 0.
  const reward = Math.max(tileGogo * times, -state.balance) + 0;
  if (reward !== 0) {
    ledger.push({
      asset: 'GOGO',
      amount: reward,
      type: tileTransactionType(tile, reward),
      reason: tileReason(tile.id, board.number),
    });
  }
  const passedStart = passesStart(path, START_TILE_ID);
  const salary = passedStart ? PASS_START_SALARY * times : 0;
  if (salary > 0) ledger.push({ asset: 'GOGO', amount: salary, type: 'reward', reason: 'pass_start' });

  const xpGained = xpForRaw(rawReward, isJackpot) + (lapCompleted ? LAP_BONUS_XP : 0);
  const leveled = applyXp(state.xp, state.level, xpGained);
  let levelDice = 0;
  for (const reached of leveled.levelUps) {
    const dice = levelUpDice(reached);
    levelDice += dice;
    ledger.push({ asset: 'DICE', amount: dice, type: 'reward', reason: `level_up:${reached}` });
  }
  const lapDice = lapCompleted ? LAP_DICE_REWARD : 0;
  if (lapDice > 0) ledger.push({ asset: 'DICE', amount: lapDice, type: 'reward', reason: 'lap' });

  const move: RecentMove = { position: to, reward, tileName: tile.name, timestamp: now };
  const next: GameProgress = {
    ...state,
    balance: state.balance + reward + salary,
    diceRollsRemaining: state.diceRollsRemaining - times + levelDice + lapDice,
    position: to,
    totalRolls: state.totalRolls + 1,
    totalTokensEarned: state.totalTokensEarned + Math.max(reward, 0) + salary,
    jackpotsHit: state.jackpotsHit + (isJackpot ? 1 : 0),
    lapsCompleted: state.lapsCompleted + (lapCompleted ? 1 : 0),
    xp: leveled.xp,
    level: leveled.level,
    unlockedAchievements: [...state.unlockedAchievements],
    rewardedAchievements: [...state.rewardedAchievements],
    recentMoves: [move, ...state.recentMoves].slice(0, RECENT_MOVES_KEPT),
    lastDice: [...state.lastDice, die].slice(-LAST_DICE_KEPT),
    gainStreak: reward > 0 ? state.gainStreak + 1 : 0,
  };

  const achievementsUnlocked = unlockAchievements(next, ledger);

  return {
    state: next,
    outcome: {
      die,
      from,
      to,
      path,
      tile,
      rawReward,
      boardNumber: board.number,
      propertyLevel: level,
      rewardMultiplier: multiplier,
      reward,
      multiplier: times,
      firstRoll,
      passedStart,
      salary,
      levelUpDice: levelDice,
      lapDice,
      xpGained,
      levelUps: leveled.levelUps,
      lapCompleted,
      isJackpot,
      achievementsUnlocked,
    },
    ledger,
  };
}

/**
 * Unlocks every achievement now met, crediting its reward, and checks again until nothing new
 * unlocks: an achievement's reward can itself complete first_thousand. Mutates `state` and
 * `ledger`, which resolveRoll owns.
 */
function unlockAchievements(state: GameProgress, ledger: LedgerDelta[]): UnlockedAchievement[] {
  const unlocked: UnlockedAchievement[] = [];
  for (let met = checkAchievements(state); met.length > 0; met = checkAchievements(state)) {
    for (const achievement of met) {
      state.unlockedAchievements.push(achievement.id);
      const alreadyPaid = state.rewardedAchievements.includes(achievement.id);
      const reward = alreadyPaid ? 0 : achievement.reward;
      if (reward > 0) {
        state.rewardedAchievements.push(achievement.id);
        state.balance += reward;
        state.totalTokensEarned += reward;
        ledger.push({ asset: 'GOGO', amount: reward, type: 'reward', reason: `achievement:${achievement.id}` });
      }
      unlocked.push({ id: achievement.id, name: achievement.name, reward });
    }
  }
  return unlocked;
}
