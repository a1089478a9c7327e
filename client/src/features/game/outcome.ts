import type { RollResult } from '@gogo/shared/api';
import { achievementById, type TileType } from '@gogo/shared/rules';
import { gameScreenText, rollFeelText } from '@gogo/shared/messages/game';
import { signedGogo } from '../../game/rollPlan';
import type { SoundName } from '../../lib/sound';

/** What the reward modal shows after a roll. */
export interface RewardView {
  rollId: number;
  die: number;
  tileId: number;
  tileName: string;
  tileType: TileType;
  amount: number;
  amountText: string;
  xpGained: number;
  lapCompleted: boolean;
  /** A penalty that would have gone below 0 was cut (the move records what was really applied). */
  floored: boolean;
}

export interface AchievementView {
  id: string;
  name: string;
  description: string;
  icon: string;
  reward: number;
}

/**
 * Everything that celebrates something, in one queue: only the head shows, the next one waits for
 * it to close (celebrations queue, never stack). A roll brings one summary of everything it brought;
 * a plain result is light and closes itself, one with a jackpot, a level-up or an achievement waits
 * for the player's one tap.
 */
export type CelebrationSpec =
  { kind: 'summary'; summary: RollSummary } | { kind: 'dice-arrived'; count: number; source?: ArrivalSource | null };

/** What paid for dice that arrived: a deposit (its amount, e.g. '0.01 ETH') or an approved purchase. */
export interface ArrivalSource {
  type: 'deposit' | 'purchase';
  paid: string;
}

export type ToastKind = 'level-up' | 'jackpot' | 'lap' | 'daily' | 'info' | 'error';

export interface ToastSpec {
  kind: ToastKind;
  title: string;
  body?: string;
}

/** Everything one roll brought, shown together on one card. */
export interface RollSummary {
  reward: RewardView;
  jackpot: boolean;
  levelUps: number[];
  achievements: AchievementView[];
}

/** The colour class of an amount: gains green, losses red. */
export function amountTone(amount: number): string {
  return amount > 0 ? 'is-gain' : amount < 0 ? 'is-loss' : 'is-even';
}

/**
 * The summary's heading: what the roll was. A jackpot first; a roll that cost GOGO (or hit a penalty
 * the balance floor cut to nothing) reads as a loss, or as mixed luck when it also reached a level or
 * an achievement (listed below the loss); then a level-up, then achievements; else the die.
 */
export function summaryHeadline(summary: RollSummary): string {
  const text = rollFeelText.summary;
  const { reward } = summary;
  if (summary.jackpot) return text.jackpot;
  if (reward.amount < 0 || reward.floored) {
    if (summary.levelUps.length > 0 || summary.achievements.length > 0) return text.mixed;
    return reward.tileType === 'PENALTY' ? text.penalty : text.badLuck;
  }
  if (summary.levelUps.length > 0) return text.levelUp;
  if (summary.achievements.length > 1) return text.achievements(summary.achievements.length);
  if (summary.achievements.length === 1) return text.achievement;
  return gameScreenText.reward.rolled(reward.die);
}

/** The card's big number: the biggest gain of the roll, and what paid it. */
export type SummaryPrize =
  { source: 'tile'; amount: number } | { source: 'achievement'; amount: number; achievement: AchievementView };

/**
 * The biggest gain of a roll: the tile's GOGO unless an achievement paid more (a first roll's +50
 * beside a tile's +6). A tile's loss stays the headline when nothing paid GOGO: the card tells what
 * happened. Ties go to the tile, what the player watched land.
 */
export function summaryPrize(summary: RollSummary): SummaryPrize {
  let best: SummaryPrize = { source: 'tile', amount: summary.reward.amount };
  for (const achievement of summary.achievements) {
    if (achievement.reward > 0 && achievement.reward > best.amount) {
      best = { source: 'achievement', amount: achievement.reward, achievement };
    }
  }
  return best;
}

/** A summary the player must close (a jackpot, a level-up, an achievement); others close themselves. */
export function summaryNeedsPlayer(summary: RollSummary): boolean {
  return summary.jackpot || summary.levelUps.length > 0 || summary.achievements.length > 0;
}

/** Everything React shows when the token lands. */
export interface RollEffects {
  reward: RewardView;
  achievements: AchievementView[];
  summary: RollSummary;
  /** One celebration per roll: the summary of everything it brought. */
  celebrations: CelebrationSpec[];
  /** The landing sound (steps and the roll itself are played while animating). */
  landingSound: SoundName | null;
  /** Sounds after the landing, in order. */
  followUpSounds: SoundName[];
  /** Confetti for achievements and level-ups (subject to the motion and particle settings). */
  confetti: boolean;
}

export function rewardView(result: RollResult): RewardView {
  return {
    rollId: result.rollId,
    die: result.die,
    tileId: result.tile.id,
    tileName: result.tile.name,
    tileType: result.tile.type,
    amount: result.reward,
    amountText: signedGogo(result.reward),
    xpGained: result.xpGained,
    lapCompleted: result.lapCompleted,
    // Only a loss is floored by the balance of 0: an owned property's multiplied gain is more than the
    // tile's own GOGO, and so is a first roll's, raised to a small gain by the rules.
    floored:
      result.rawReward < 0 &&
      !result.firstRoll &&
      Math.trunc(result.rawReward / 10) * result.rewardMultiplier * result.multiplier < result.reward,
  };
}

export function achievementView(unlock: RollResult['achievementsUnlocked'][number]): AchievementView {
  const known = achievementById(unlock.id);
  return {
    id: unlock.id,
    name: unlock.name || known?.name || unlock.id,
    description: known?.description ?? '',
    icon: known?.icon ?? 'first-roll',
    reward: unlock.reward,
  };
}

/** Maps the server's answer to the celebrations and sounds that follow the animation. */
export function rollEffects(result: RollResult): RollEffects {
  const reward = rewardView(result);
  const achievements = result.achievementsUnlocked.map(achievementView);
  const summary: RollSummary = { reward, jackpot: result.isJackpot, levelUps: [...result.levelUps], achievements };
  const celebrations: CelebrationSpec[] = [{ kind: 'summary', summary }];
  const landingSound: SoundName | null = result.isJackpot
    ? 'jackpot'
    : result.reward > 0
      ? 'gain'
      : result.reward < 0
        ? 'loss'
        : null;
  const followUpSounds: SoundName[] = [];
  if (result.levelUps.length > 0) followUpSounds.push('levelup');
  if (achievements.length > 0) followUpSounds.push('achievement');
  return {
    reward,
    achievements,
    summary,
    celebrations,
    landingSound,
    followUpSounds,
    confetti: achievements.length > 0 || result.levelUps.length > 0,
  };
}

/** What both summary cards (the light one and the held one) are given. */
export interface SummaryCardProps {
  summary: RollSummary;
  particles: boolean;
  animate: boolean;
  canRollAgain: boolean;
  onClose: () => void;
  onRollAgain: () => void;
}
