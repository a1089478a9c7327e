import type { RollResult } from '@gogo/shared/api';
import { STEP_DELAY_MS, stepBackwards, wrapPosition } from '@gogo/shared/rules';
import type { MotionOptions } from './motion';
import { formatCount } from '@gogo/shared/messages';

export type LandingKind = 'gain' | 'loss' | 'neutral' | 'jackpot';

/** What the board animates for one roll: the server's outcome turned into timed steps. */
export interface RollAnimationPlan {
  rollId: number;
  /** The face the die settles on: the server's die. */
  die: number;
  from: number;
  /** Tiles the token steps onto, in order, ending on `to`. */
  path: number[];
  to: number;
  /** Shortest tumble, counted from the moment the request went out (0 without animations). */
  tumbleMs: number;
  /** The die's settling bounce; the first hop starts when it ends (0 without animations). */
  settleMs: number;
  /** Pause between two steps (0: the token goes straight to `to`). */
  stepDelayMs: number;
  /** How long the landing tile reacts before the roll counts as shown. */
  landingMs: number;
  landing: { tileId: number; kind: LandingKind; amount: number; label: string };
  /** Burst particles on the landing tile. */
  particles: boolean;
  lapCompleted: boolean;
}

/**
 * The roll resolves in about ROLL_RESOLVE_MS (1 s, spec): the die tumbles at least TUMBLE_MS, settles
 * in SETTLE_MS, and the pawn's first hop starts at once (it settled at 1.2 s and stepped at
 * 1.5 s). Each step still takes STEP_DELAY_MS (380 ms).
 */
export const TUMBLE_MS = 560;
export const SETTLE_MS = 200;
/** The die has stopped and the first hop has begun by this time after the click. */
export const FIRST_STEP_BY_MS = TUMBLE_MS + SETTLE_MS;
export const LANDING_MS = 420;
export const LANDING_MS_REDUCED = 150;
/** "Fast rolls" plays a roll at this share of the spec's tempo (190 ms a step instead of 380). */
export const FAST_TEMPO = 0.5;

/**
 * How big a gain feels, 0 (a few GOGO) to 1 (a jackpot's hundreds and more), on a log scale so
 * that +5, +15, +60 and +500 each sound and look bigger than the one before.
 */
export function winIntensity(amount: number): number {
  if (amount <= 0) return 0;
  return Math.min(1, Math.log10(1 + amount) / 3);
}

/** Coins that fly from the tile to the balance for a gain: more for more. */
export function coinsFor(amount: number, jackpot: boolean): number {
  if (jackpot) return 14;
  return 4 + Math.round(winIntensity(amount) * 8);
}

/** The win sound's pitch (playback rate) and loudness for a gain: both rise with the amount. */
export function winTone(amount: number): { rate: number; volume: number } {
  const level = winIntensity(amount);
  return { rate: Number((0.9 + level * 0.6).toFixed(2)), volume: Number((0.55 + level * 0.45).toFixed(2)) };
}

/** '+12 GOGO', '-5 GOGO', '0 GOGO' (GOGO are whole numbers). */
export function signedGogo(amount: number): string {
  if (amount > 0) return `+${formatCount(amount)} GOGO`;
  if (amount < 0) return `-${formatCount(Math.abs(amount))} GOGO`;
  return '0 GOGO';
}

export function landingKind(result: Pick<RollResult, 'reward' | 'isJackpot'>): LandingKind {
  if (result.isJackpot) return 'jackpot';
  if (result.reward > 0) return 'gain';
  if (result.reward < 0) return 'loss';
  return 'neutral';
}

/**
 * The path the token walks. The server's path is used as given when it is a proper backwards walk
 * of `die` steps from `from` to `to`; otherwise it is rebuilt from those three numbers, which the
 * server decided. The client never chooses where the token ends: always on the server's `to`.
 */
export function walkPath(result: Pick<RollResult, 'from' | 'to' | 'die' | 'path'>): number[] {
  const { from, to, die, path } = result;
  const expected = stepBackwards(wrapPosition(from), die);
  const sameAsExpected = path.length === expected.length && path.every((p, i) => p === expected[i]);
  if (sameAsExpected && expected[expected.length - 1] === to) return [...path];
  if (expected[expected.length - 1] === to) return expected;
  // Inconsistent answer (should never happen): do not invent a walk, go straight to the target.
  return [wrapPosition(to)];
}

/** Maps a roll answer to what the board shows, honouring the motion settings. */
export function planRoll(result: RollResult, motion: MotionOptions): RollAnimationPlan {
  const kind = landingKind(result);
  const path = walkPath(result);
  const tempo = motion.fast ? FAST_TEMPO : 1;
  return {
    rollId: result.rollId,
    die: result.die,
    from: wrapPosition(result.from),
    path,
    to: wrapPosition(result.to),
    tumbleMs: motion.animations ? Math.round(TUMBLE_MS * tempo) : 0,
    settleMs: motion.animations ? Math.round(SETTLE_MS * tempo) : 0,
    stepDelayMs: motion.animations ? Math.round(STEP_DELAY_MS * tempo) : 0,
    landingMs: motion.animations ? Math.round(LANDING_MS * tempo) : LANDING_MS_REDUCED,
    landing: { tileId: result.tile.id, kind, amount: result.reward, label: signedGogo(result.reward) },
    particles: motion.particles && motion.animations && (kind === 'gain' || kind === 'jackpot'),
    lapCompleted: result.lapCompleted,
  };
}

/**
 * How long the board needs for a plan, from the request going out; React uses it (plus a margin)
 * as a watchdog when the page was hidden and the game loop paused.
 */
export function planDurationMs(plan: RollAnimationPlan): number {
  const walking = plan.stepDelayMs * plan.path.length;
  return plan.tumbleMs + plan.settleMs + walking + plan.landingMs;
}
