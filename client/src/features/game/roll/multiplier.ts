import { DICE_MULTIPLIERS, isDiceMultiplier, isMultiplierUnlocked, type DiceMultiplier } from '@gogo/shared/rules';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

// The multiplier beside the roll button. The server decides (it refuses a locked one); these rules only
// choose what to ask for and what to show.

/** The multiplier the player chose last (x1 when none, or when storage holds something else). */
export function loadMultiplier(): DiceMultiplier {
  const stored = readJson<unknown>(storageKeys.rollMultiplier);
  return isDiceMultiplier(stored) ? stored : 1;
}

export function saveMultiplier(multiplier: DiceMultiplier): void {
  writeJson(storageKeys.rollMultiplier, multiplier);
}

/** The next unlocked multiplier after `current`, back to x1 after the highest: one tap cycles. */
export function nextMultiplier(current: DiceMultiplier, level: number, dice: number): DiceMultiplier {
  const open = DICE_MULTIPLIERS.filter((m) => isMultiplierUnlocked(m, level, dice));
  return open.find((m) => m > current) ?? 1;
}

/**
 * What a roll asks for: the chosen multiplier, or the highest below it that is unlocked and that the
 * dice pay for (a chosen x5 with three dice rolls at x3), never below x1.
 */
export function effectiveMultiplier(chosen: DiceMultiplier, level: number, dice: number): DiceMultiplier {
  const fits = DICE_MULTIPLIERS.filter((m) => m <= chosen && m <= dice && isMultiplierUnlocked(m, level, dice));
  return fits.at(-1) ?? 1;
}

/** The first multiplier still locked, to tell the player how to open it; null when all are open. */
export function nextLocked(level: number, dice: number): DiceMultiplier | null {
  return DICE_MULTIPLIERS.find((m) => !isMultiplierUnlocked(m, level, dice)) ?? null;
}
