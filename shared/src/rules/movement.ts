import { DIE_MAX, DIE_MIN } from './economy.js';
import { RuleError } from './errors.js';
import { rawRewardRange, tileAt, wrapPosition, type Tile } from './tiles.js';

/** A source of uniform integers; the provably-fair drawer in `fairness/` implements it. */
export interface Drawer {
  /** A uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
}

/** Positions stepped through when moving `steps` tiles backwards: excludes `from`, ends at the target. */
export function stepBackwards(from: number, steps: number): number[] {
  const path: number[] = [];
  for (let step = 1; step <= steps; step += 1) path.push(wrapPosition(from - step));
  return path;
}

export interface DrawnMove {
  die: number;
  path: number[];
  to: number;
  tile: Tile;
  rawReward: number;
}

/**
 * The random part of a roll, in the exact order docs/adr fixes ('Dice are drawn from a provably fair
 * seed') so that anyone can replay it: the die first, then the raw reward only when the landed tile's range
 * has more than one value. Shared by the server's resolveRoll and the browser's verifier.
 */
export function drawMove(from: number, drawer: Drawer): DrawnMove {
  const die = checkedDraw(drawer, DIE_MIN, DIE_MAX);
  const path = stepBackwards(from, die);
  const to = path[path.length - 1] ?? from;
  const tile = tileAt(to);
  const { min, max } = rawRewardRange(tile.type);
  const rawReward = min === max ? min : checkedDraw(drawer, min, max);
  return { die, path, to, tile, rawReward };
}

/** A drawer that answers outside its range is a bug; refuse it before it becomes state. */
function checkedDraw(drawer: Drawer, min: number, max: number): number {
  const value = drawer.int(min, max);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RuleError('INVALID_DRAW', `Drawer returned ${value} outside [${min}, ${max}]`);
  }
  return value;
}
