import type { RollResult } from '@gogo/shared/api';
import { achievementById, LAP_BONUS_XP, type TileType } from '@gogo/shared/rules';
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
  toasts: ToastSpec[];
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

/** Maps the server's answer to the modals, toasts and sounds that follow the animation. */
export function rollEffects(result: RollResult): RollEffects {
  const toasts: ToastSpec[] = [];
  if (result.isJackpot) {
    toasts.push({ kind: 'jackpot', title: 'JACKPOT!', body: `${signedGogo(result.reward)} on ${result.tile.name}` });
  }
  for (const level of result.levelUps) {
    toasts.push({ kind: 'level-up', title: 'Level up!', body: `You reached level ${level}` });
  }
  if (result.lapCompleted) {
    toasts.push({ kind: 'lap', title: 'Lap completed!', body: `+${LAP_BONUS_XP} XP bonus` });
  }
  const achievements = result.achievementsUnlocked.map(achievementView);
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
    reward: rewardView(result),
    achievements,
    toasts,
    landingSound,
    followUpSounds,
    confetti: achievements.length > 0 || result.levelUps.length > 0,
  };
}
