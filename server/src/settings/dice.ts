import { DEFAULT_DICE_REFILL_CAP, DEFAULT_DICE_REFILL_MINUTES, type RefillPolicy } from '@gogo/shared/rules';
import { ConfigError, intFrom } from './base.js';

// The dice refill (shared/src/rules/dice.ts): one die every DICE_REFILL_MINUTES up to DICE_REFILL_CAP.

/** The longest refill interval accepted: a week. Longer is surely a typo (seconds given as minutes). */
const MAX_REFILL_MINUTES = 7 * 24 * 60;
/** The highest cap accepted: more would let refill alone out-pay the daily dice many times over. */
const MAX_REFILL_CAP = 1000;

/** The refill policy from DICE_REFILL_MINUTES and DICE_REFILL_CAP; a cap of 0 turns the refill off. */
export function parseDiceRefill(env: NodeJS.ProcessEnv): RefillPolicy {
  const minutes = intFrom(env.DICE_REFILL_MINUTES, DEFAULT_DICE_REFILL_MINUTES, 'DICE_REFILL_MINUTES');
  if (minutes < 1 || minutes > MAX_REFILL_MINUTES) {
    throw new ConfigError(`DICE_REFILL_MINUTES must be between 1 and ${MAX_REFILL_MINUTES}, got "${minutes}"`);
  }
  const cap = intFrom(env.DICE_REFILL_CAP, DEFAULT_DICE_REFILL_CAP, 'DICE_REFILL_CAP');
  if (cap > MAX_REFILL_CAP) {
    throw new ConfigError(`DICE_REFILL_CAP must be between 0 and ${MAX_REFILL_CAP}, got "${cap}"`);
  }
  return { intervalMs: minutes * 60_000, cap };
}

/** The defaults, for an app built without loadConfig (tests). */
export const defaultDiceRefill = (): RefillPolicy => ({
  intervalMs: DEFAULT_DICE_REFILL_MINUTES * 60_000,
  cap: DEFAULT_DICE_REFILL_CAP,
});
