import { checkAchievements, type AchievementId } from './achievements.js';
import { JACKPOT_XP_MULTIPLIER, LAP_BONUS_XP, LAST_DICE_KEPT, RECENT_MOVES_KEPT, XP_RATE } from './economy.js';
import { RuleError } from './errors.js';
import type { LedgerDelta, TransactionType } from './ledger.js';
import { applyXp } from './levels.js';
import { drawMove, type Drawer } from './movement.js';
import { assertValidProgress, type GameProgress, type RecentMove } from './state.js';
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
  /** GOGO applied for the tile (after truncation and the balance floor). */
  reward: number;
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

/** GOGO to apply for a raw amount given the current balance: a penalty stops at a balance of 0. */
export function appliedReward(rawReward: number, balance: number): number {
  return Math.max(gogoFromRaw(rawReward), -balance) + 0;
}

function tileTransactionType(tile: Tile, applied: number): TransactionType {
  if (tile.type === 'JACKPOT') return 'jackpot';
  return applied < 0 ? 'penalty' : 'reward';
}

/**
 * One roll, decided entirely from the state, a drawer and the time (docs/adr, 'Dice are drawn
 * from a provably fair seed' and 'Tile rewards, movement, XP and levels').
 * Pure: the input state is not modified. Throws RuleError('NO_ROLLS') when no roll is left.
 */
export function resolveRoll(state: GameProgress, drawer: Drawer, now: number): RollResolution {
  assertValidProgress(state);
  if (state.diceRollsRemaining < 1) {
    throw new RuleError('NO_ROLLS', 'No dice rolls remaining. Please purchase more dice rolls.');
  }
  // A spent roll is recorded as the purchase of a move.
  const ledger: LedgerDelta[] = [{ asset: 'DICE', amount: -1, type: 'purchase', reason: 'roll' }];

  const from = state.position;
  const { die, path, to, tile, rawReward } = drawMove(from, drawer);
  const isJackpot = tile.type === 'JACKPOT';
  const lapCompleted = to === START_TILE_ID;

  const reward = appliedReward(rawReward, state.balance);
  if (reward !== 0) {
    ledger.push({ asset: 'GOGO', amount: reward, type: tileTransactionType(tile, reward), reason: `tile:${tile.id}` });
  }

  const xpGained = xpForRaw(rawReward, isJackpot) + (lapCompleted ? LAP_BONUS_XP : 0);
  const leveled = applyXp(state.xp, state.level, xpGained);

  const move: RecentMove = { position: to, reward, tileName: tile.name, timestamp: now };
  const next: GameProgress = {
    ...state,
    balance: state.balance + reward,
    diceRollsRemaining: state.diceRollsRemaining - 1,
    position: to,
    totalRolls: state.totalRolls + 1,
    totalTokensEarned: state.totalTokensEarned + Math.max(reward, 0),
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
      reward,
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
