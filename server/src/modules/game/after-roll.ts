import type { GameProgress, RollOutcome } from '@gogo/shared/rules';
import type { Read, ReadResults, Tx, Write } from '../../db/sql.js';

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
  /** When the dice refill reaches its cap after this roll (epoch ms); null at or above the cap. */
  diceFullAt: number | null;
  now: number;
}

/**
 * A step that runs INSIDE the roll's transaction, which holds the player's state lock. The game
 * service receives its steps, in order, when app.ts builds it; a step that throws rolls the whole
 * roll back. Each part is optional, and the cheaper parts come first, so that a roll stays a few
 * round trips however many steps it has:
 * - `reads`: sent with the roll's own reads after its lock (Tx.readEach: one statement on
 *   PostgreSQL); what they found is `seen`, in the same order.
 * - `writes`: sent with the roll's own writes (Tx.runAll: one statement on PostgreSQL), so each must
 *   touch rows no other write of the roll touches and need no result. Events published here
 *   (core/events.ts publish) leave with the roll on commit.
 * - `run`: statements of its own, after the roll's writes; for work that must read what it writes
 *   (a ledger posting to another player). Return early, without a statement, when there is nothing
 *   to do.
 * Method syntax on purpose: a step typed by its own reads is an AfterRollStep.
 */
export interface AfterRollStep<R extends readonly Read<unknown>[] = readonly Read<unknown>[]> {
  reads?(userId: number, now: number): R;
  writes?(roll: AfterRoll, seen: ReadResults<R>): readonly Write[];
  run?(roll: AfterRoll, seen: ReadResults<R>): Promise<void>;
}

/** The steps' reads in one list, and what each step saw, cut back out of the results. */
export function stepReads(steps: readonly AfterRollStep[], userId: number, now: number) {
  const perStep = steps.map((step) => step.reads?.(userId, now) ?? []);
  return {
    reads: perStep.flat(),
    /** `results`: what readEach answered for `reads`, in order. */
    seen(results: readonly unknown[]): unknown[][] {
      let at = 0;
      return perStep.map((reads) => {
        const mine = results.slice(at, at + reads.length);
        at += reads.length;
        return mine;
      });
    },
  };
}
