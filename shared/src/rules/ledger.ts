export type TransactionType = 'deposit' | 'withdrawal' | 'reward' | 'penalty' | 'jackpot' | 'purchase' | 'refund';

export type Asset = 'GOGO' | 'DICE';

/** One change of a player's GOGO or dice rolls; the server writes each as a ledger row. */
export interface LedgerDelta {
  asset: Asset;
  /** Signed integer. */
  amount: number;
  type: TransactionType;
  /** Why, machine-readable: 'roll', 'tile:6', 'achievement:first_roll', 'daily_login', ... */
  reason: string;
}

export interface LedgerTotals {
  GOGO: number;
  DICE: number;
}

/** Net change per asset of a list of deltas. */
export function sumLedger(deltas: readonly LedgerDelta[]): LedgerTotals {
  const totals: LedgerTotals = { GOGO: 0, DICE: 0 };
  for (const delta of deltas) totals[delta.asset] += delta.amount;
  return totals;
}
