/**
 * Dice that come back by themselves, the dice multiplier, the salary for passing Start and the
 * first roll that cannot lose (docs/adr 0900 to 0903, docs/economy.md). Pure: time is an argument.
 */

// ── Refill ───────────────────────────────────────────────────────────────────
/** The refill's defaults; the server reads DICE_REFILL_MINUTES and DICE_REFILL_CAP over them. */
export const DEFAULT_DICE_REFILL_MINUTES = 30;
export const DEFAULT_DICE_REFILL_CAP = 10;

export interface RefillPolicy {
  /** Milliseconds for one die. */
  intervalMs: number;
  /** Refill stops at this many dice; dice above it (bought, claimed, won) stay. */
  cap: number;
}

export interface RefillState {
  dice: number;
  /**
   * When the refill clock last ticked: dice accrue one per interval from here. Null while the
   * player holds the cap or more (the clock is stopped).
   */
  anchor: number | null;
}

export interface RefillResult {
  /** Dice due now (0 or more); never takes the dice above the cap. */
  credit: number;
  /** Dice after the credit. */
  dice: number;
  /** The anchor to store with the credit. */
  anchor: number | null;
  /** When the next die arrives; null at or above the cap. */
  nextDieAt: number | null;
  /** When the refill reaches the cap; null at or above the cap. */
  fullAt: number | null;
}

export function assertRefillPolicy(policy: RefillPolicy): void {
  if (!Number.isSafeInteger(policy.intervalMs) || policy.intervalMs < 1) {
    throw new RangeError(`refill interval must be a positive integer of ms, got ${policy.intervalMs}`);
  }
  if (!Number.isSafeInteger(policy.cap) || policy.cap < 0) {
    throw new RangeError(`refill cap must be a non-negative integer, got ${policy.cap}`);
  }
}

/**
 * The refill at `now`, computed on read (no timer per player): one die per interval since the
 * anchor, up to the cap. Applying it at t1 and again at t2 credits exactly what applying it once at
 * t2 would: the anchor moves by whole intervals only, so no part of an interval is paid twice or lost.
 */
export function refillDice(state: RefillState, now: number, policy: RefillPolicy): RefillResult {
  const { intervalMs, cap } = policy;
  if (state.dice >= cap) return { credit: 0, dice: state.dice, anchor: null, nextDieAt: null, fullAt: null };
  // A stopped clock starts now; an anchor ahead of the clock (a clock set back) waits for it.
  const start = state.anchor ?? now;
  const due = now > start ? Math.floor((now - start) / intervalMs) : 0;
  const credit = Math.min(due, cap - state.dice);
  const dice = state.dice + credit;
  if (dice >= cap) return { credit, dice, anchor: null, nextDieAt: null, fullAt: null };
  const anchor = start + credit * intervalMs;
  return { credit, dice, anchor, nextDieAt: anchor + intervalMs, fullAt: anchor + (cap - dice) * intervalMs };
}

/**
 * The anchor to store after a write moved the dice to `diceAfter` (the refill already applied):
 * the clock stops at the cap and starts when the dice drop below it.
 */
export function refillAnchorAfter(diceAfter: number, anchor: number | null, now: number, cap: number): number | null {
  if (diceAfter >= cap) return null;
  return anchor ?? now;
}

/** What a player is shown of the refill: the dice with the refill due, the next die and the full time. */
export function refillView(state: RefillState, now: number, policy: RefillPolicy) {
  const r = refillDice(state, now, policy);
  return {
    dice: r.dice,
    nextDieAt: r.nextDieAt,
    secondsToNextDie: r.nextDieAt === null ? null : Math.max(0, Math.ceil((r.nextDieAt - now) / 1000)),
    diceFullAt: r.fullAt,
    cap: policy.cap,
    intervalMs: policy.intervalMs,
  };
}

// ── Multiplier ───────────────────────────────────────────────────────────────
export const DICE_MULTIPLIERS = [1, 2, 3, 5, 10] as const;
export type DiceMultiplier = (typeof DICE_MULTIPLIERS)[number];

export interface MultiplierUnlock {
  multiplier: DiceMultiplier;
  /** Unlocked from this player level on... */
  level: number;
  /** ...or while the player holds at least this many dice. */
  dice: number;
}

/**
 * When each multiplier opens: by level (a player who keeps playing) or by dice held (a player with
 * dice to spare). Every threshold of dice is at least four rolls at that multiplier.
 */
export const MULTIPLIER_UNLOCKS: readonly MultiplierUnlock[] = Object.freeze([
  { multiplier: 1, level: 1, dice: 0 },
  { multiplier: 2, level: 3, dice: 20 },
  { multiplier: 3, level: 5, dice: 40 },
  { multiplier: 5, level: 8, dice: 80 },
  { multiplier: 10, level: 12, dice: 200 },
]);

export function isDiceMultiplier(value: unknown): value is DiceMultiplier {
  return typeof value === 'number' && (DICE_MULTIPLIERS as readonly number[]).includes(value);
}

export function multiplierUnlock(multiplier: DiceMultiplier): MultiplierUnlock {
  const unlock = MULTIPLIER_UNLOCKS.find((u) => u.multiplier === multiplier);
  if (!unlock) throw new RangeError(`no unlock for x${multiplier}`);
  return unlock;
}

export function isMultiplierUnlocked(multiplier: DiceMultiplier, level: number, dice: number): boolean {
  const unlock = multiplierUnlock(multiplier);
  return level >= unlock.level || dice >= unlock.dice;
}

/** The multipliers open to a player with this level and these dice, lowest first. */
export function unlockedMultipliers(level: number, dice: number): DiceMultiplier[] {
  return DICE_MULTIPLIERS.filter((m) => isMultiplierUnlocked(m, level, dice));
}

// ── Passing Start ────────────────────────────────────────────────────────────
/**
 * GOGO paid when a move passes Start without landing on it (landing on it is the lap of the spec,
 * which pays its own tile, XP and dice). Sized by the economy simulation (docs/economy.md).
 */
export const PASS_START_SALARY = 10;

/** True when the path crosses Start before its last step (landing exactly on Start is a lap, not a pass). */
export function passesStart(path: readonly number[], startTileId = 0): boolean {
  return path.slice(0, -1).includes(startTileId);
}

// ── First roll ───────────────────────────────────────────────────────────────
/**
 * The account's first roll pays at least this much GOGO for its tile: the welcome and the first roll
 * read as one gain. The die and the raw draw are unchanged (the verifier replays them as usual); only
 * the tile's GOGO is raised to this floor, and the verifier applies the same floor.
 */
export const FIRST_ROLL_MIN_REWARD = 5;

/** The tile GOGO of a roll after the first-roll floor and before the multiplier. */
export function flooredTileGogo(tileGogo: number, firstRoll: boolean): number {
  return firstRoll ? Math.max(tileGogo, FIRST_ROLL_MIN_REWARD) : tileGogo;
}
