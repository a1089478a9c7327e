import type { RollResult } from '@gogo/shared/api';

/**
 * The roll whose answer has come but whose reward has not shown yet, kept for this tab's session: a
 * reload mid-roll shows what the roll brought instead of a balance that changed without a word.
 */
const KEY = 'gogo.roll.pending';

interface Stored {
  user: string;
  result: RollResult;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPendingRoll(user: string, result: RollResult): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ user, result } satisfies Stored));
  } catch {
    // A full or blocked storage only loses the card after a reload.
  }
}

export function forgetPendingRoll(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

/** The pending roll of this player, taken out of storage (it shows once). */
export function takePendingRoll(user: string): RollResult | null {
  const raw = storage()?.getItem(KEY) ?? null;
  if (!raw) return null;
  forgetPendingRoll();
  try {
    const stored = JSON.parse(raw) as Stored;
    return stored.user === user && typeof stored.result?.rollId === 'number' ? stored.result : null;
  } catch {
    return null;
  }
}
