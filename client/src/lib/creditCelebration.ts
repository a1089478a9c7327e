import type { TransactionDto } from '@gogo/shared/api';

/** One credit of an approved deposit or dice purchase: a ledger row the player has to be told about. */
export interface CreditEvent {
  /** Stable across reads: the request's id. */
  id: string;
  dice: number;
  gogo: number;
}

/**
 * The credits in a history page: the approved deposit and dice purchase requests. The history shows
 * an approved request as one row whose dice count is the count credited (its ledger rows are folded
 * into it, server/src/modules/credits/repo.ts).
 */
export function creditEventsFromHistory(rows: readonly TransactionDto[]): CreditEvent[] {
  const events: CreditEvent[] = [];
  for (const row of rows) {
    if (row.source !== 'request' || row.status !== 'approved') continue;
    if (row.type !== 'deposit' && row.type !== 'purchase') continue;
    events.push({ id: row._id, dice: row.metadata.diceRollsCount ?? 0, gogo: 0 });
  }
  return events;
}

export interface CreditDetection {
  /** The credits to celebrate now, summed; null when there is nothing new. */
  fresh: { dice: number; gogo: number } | null;
  /** What to remember as seen from now on. */
  seen: string[];
}

/** How many ids are remembered: far more than one history page holds. */
const SEEN_LIMIT = 200;

/**
 * Compares the credits in view with the ones already seen. With no memory yet (a first visit on this
 * device) everything counts as seen: only a change observed after that is celebrated.
 */
export function detectNewCredits(seen: readonly string[] | null, events: readonly CreditEvent[]): CreditDetection {
  const ids = events.map((e) => e.id);
  if (seen === null) return { fresh: null, seen: ids.slice(0, SEEN_LIMIT) };
  const known = new Set(seen);
  const added = events.filter((e) => !known.has(e.id));
  if (added.length === 0) return { fresh: null, seen: [...seen] };
  const fresh = added.reduce((sum, e) => ({ dice: sum.dice + e.dice, gogo: sum.gogo + e.gogo }), { dice: 0, gogo: 0 });
  return { fresh, seen: [...added.map((e) => e.id), ...seen].slice(0, SEEN_LIMIT) };
}
