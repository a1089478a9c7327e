import type { GameProgress, RollOutcome } from '@gogo/shared/rules';
import type { Tx } from '../../db/sql.js';

/** What a step after a roll is told: the roll's transaction, who rolled, what the rules decided. */
export interface AfterRoll {
  /** The roll's transaction; it holds the player's state lock. Write only through the ledger module. */
  tx: Tx;
  userId: number;
  /** The stored roll's id (the answer's rollId). */
  rollId: number;
  /** The player's lifetime roll number (1 for the first roll ever); a progress reset does not lower it. */
  totalRolls: number;
  /** What the rules decided: die, path, tile, rewards, level-ups, achievements. */
  outcome: RollOutcome;
  /** The player's progress after the roll, as written. */
  state: GameProgress;
  now: number;
}

/**
 * A step that runs INSIDE the roll's transaction, after the roll, its ledger rows and the new state
 * are written. The game service receives its steps, in order, when app.ts builds it; a step that
 * throws rolls the whole roll back.
 */
export type AfterRollStep = (roll: AfterRoll) => Promise<void>;
