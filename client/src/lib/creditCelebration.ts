import type { TransactionDto } from '@gogo/shared/api';

/** One credit of an approved deposit or dice purchase: a ledger row the player has to be told about. */
export interface CreditEvent {
  /** Stable across reads: the ledger row's id ('L42'). */
  id: string;
  dice: number;
  gogo: number;
}

/** The credits in a history page: positive deposit/purchase ledger rows (a roll's die is a negative 'purchase'). */
export function creditEventsFromHistory(rows: readonly TransactionDto[]): CreditEvent[] {
  const events: CreditEvent[] = [];
  for (const row of rows) {
    if (row.source !== 'ledger' || row.amount <= 0) continue;
    if (row.type !== 'deposit' && row.type !== 'purchase') continue;
    if (row.currency === 'DICE') events.push({ id: row._id, dice: row.amount, gogo: 0 });
    else if (row.currency === 'GOGO') events.push({ id: row._id, dice: 0, gogo: row.amount });
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
