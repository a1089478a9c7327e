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

/** What arrived, summed: dice rolls and GOGO. */
export type Credit = { dice: number; gogo: number };

/**
 * What this device has told a player about (localStorage, per player): the ids of the approved
 * requests the history showed (null before the history was first seen here), the server's count of
 * purchased dice rolls last seen (null before), and dice celebrated from that count that no request
 * id has matched yet (the game saw them first; the history must not celebrate them again).
 */
export interface CreditMemory {
  ids: string[] | null;
  dicePurchased: number | null;
  unmatchedDice: number;
}

/**
 * How a page sees credits arrive: the history's approved requests (the profile), or the server's count
 * of purchased dice rolls, GET /api/dice-rolls/balance `totalDiceRollsPurchased` (the game), which only
 * approved deposits and purchases raise: own rolls and daily claims never look like arrivals.
 */
export type CreditView =
  { kind: 'requests'; events: readonly CreditEvent[] } | { kind: 'total'; dicePurchased: number };

/** Reads a stored memory; the first format was the bare id list. */
export function creditMemory(stored: unknown): CreditMemory | null {
  if (Array.isArray(stored)) return { ids: stored.map(String), dicePurchased: null, unmatchedDice: 0 };
  if (!stored || typeof stored !== 'object') return null;
  const m = stored as Partial<CreditMemory>;
  return {
    ids: Array.isArray(m.ids) ? m.ids.map(String) : null,
    dicePurchased: typeof m.dicePurchased === 'number' ? m.dicePurchased : null,
    unmatchedDice: typeof m.unmatchedDice === 'number' && m.unmatchedDice > 0 ? m.unmatchedDice : 0,
  };
}

/**
 * The one rule of both pages: what to celebrate now (null: nothing) and what to remember. A first sight
 * of either view only remembers. Each credit is celebrated once on a device, whichever page sees it
 * first: the game's count moves on with what the history celebrated, and dice the count celebrated are
 * set against the next requests the history shows.
 */
export function noticeCredits(
  stored: CreditMemory | null,
  view: CreditView,
): { fresh: Credit | null; memory: CreditMemory } {
  const memory: CreditMemory = stored ?? { ids: null, dicePurchased: null, unmatchedDice: 0 };
  if (view.kind === 'total') {
    const previous = memory.dicePurchased;
    const arrived = previous === null ? 0 : Math.max(0, view.dicePurchased - previous);
    const next = { ...memory, dicePurchased: view.dicePurchased, unmatchedDice: memory.unmatchedDice + arrived };
    return { fresh: arrived > 0 ? { dice: arrived, gogo: 0 } : null, memory: next };
  }
  const { fresh, seen } = detectNewCredits(memory.ids, view.events);
  // Everything the history shows is matched from now on: nothing left over to set against.
  if (memory.ids === null) return { fresh: null, memory: { ...memory, ids: seen, unmatchedDice: 0 } };
  if (!fresh) return { fresh: null, memory: { ...memory, ids: seen } };
  const covered = Math.min(memory.unmatchedDice, fresh.dice);
  const dice = fresh.dice - covered;
  return {
    fresh: dice > 0 || fresh.gogo > 0 ? { dice, gogo: fresh.gogo } : null,
    memory: {
      ids: seen,
      dicePurchased: memory.dicePurchased === null ? null : memory.dicePurchased + dice,
      unmatchedDice: memory.unmatchedDice - covered,
    },
  };
}
