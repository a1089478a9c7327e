import type { RollResult } from '@gogo/shared/api';
import { achievementById, type TileType } from '@gogo/shared/rules';
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
 * it to close (celebrations queue, never stack). Cards are light and close themselves;
 * modals (jackpot, level-up, achievement) wait for the player.
 */
export type CelebrationSpec =
  | { kind: 'card'; reward: RewardView }
  | { kind: 'jackpot'; reward: RewardView }
  | { kind: 'level-up'; level: number }
  | { kind: 'achievement'; achievement: AchievementView }
  | { kind: 'dice-arrived'; count: number };

export type ToastKind = 'level-up' | 'jackpot' | 'lap' | 'daily' | 'info' | 'error';

export interface ToastSpec {
  kind: ToastKind;
  title: string;
  body?: string;
}

/** Everything React shows after the board has animated a roll. */
export interface RollEffects {
  reward: RewardView;
  achievements: AchievementView[];
  /** In order: the result (a light card, or the full modal for a jackpot), level-ups, achievements. */
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
    floored: Math.trunc(result.rawReward / 10) < result.reward,
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
  const celebrations: CelebrationSpec[] = [
    result.isJackpot ? { kind: 'jackpot', reward } : { kind: 'card', reward },
    ...result.levelUps.map((level): CelebrationSpec => ({ kind: 'level-up', level })),
    ...achievements.map((achievement): CelebrationSpec => ({ kind: 'achievement', achievement })),
  ];
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
    celebrations,
    landingSound,
    followUpSounds,
    confetti: achievements.length > 0 || result.levelUps.length > 0,
  };
}
