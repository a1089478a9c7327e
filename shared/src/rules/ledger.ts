/** The stored kinds of a ledger row: the one list the API schemas and the table's value list derive from. */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'reward',
  'penalty',
  'jackpot',
  'purchase',
  'refund',
  'prize',
  'upgrade',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** The kinds of a money request (money_transactions): the ones a player asks for and an admin reviews. */
export const MONEY_REQUEST_TYPES = ['deposit', 'withdrawal', 'purchase'] as const satisfies readonly TransactionType[];

/** What a ledger row moves. */
export const ASSETS = ['GOGO', 'DICE'] as const;
export type Asset = (typeof ASSETS)[number];

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

/** What a ledger row is, for people: the stored `type` of a roll's die is 'purchase', its reason says 'roll'. */
export type LedgerKind =
  | 'roll'
  | 'reward'
  | 'penalty'
  | 'jackpot'
  | 'achievement'
  | 'lap'
  | 'levelUp'
  | 'upgrade'
  | 'boardComplete'
  | 'daily'
  | 'referral'
  | 'starting'
  | 'deposit'
  | 'purchase'
  | 'spend'
  | 'withdrawalHold'
  | 'refund'
  | 'grant'
  | 'prize'
  | 'challenge'
  | 'refill'
  | 'salary'
  | 'other';

const KIND_BY_REASON: Readonly<Record<string, LedgerKind>> = {
  roll: 'roll',
  lap: 'lap',
  daily_login: 'daily',
  daily_dice: 'daily',
  referral: 'referral',
  starting_dice: 'starting',
  admin_grant: 'grant',
  spend: 'spend',
  withdrawal_hold: 'withdrawalHold',
  withdrawal_refund: 'refund',
  dice_refill: 'refill',
  pass_start: 'salary',
};

/** The reason decides first (it is the most specific), then the prefix, then the stored type. */
export function ledgerKind(type: string, reason: string): LedgerKind {
  const byReason = KIND_BY_REASON[reason];
  if (byReason) return byReason;
  if (reason.startsWith('achievement:')) return 'achievement';
  if (reason.startsWith('level_up:')) return 'levelUp';
  if (reason.startsWith('board_complete:')) return 'boardComplete';
  if (reason.startsWith('challenge')) return 'challenge';
  if (reason === 'deposit_approved') return type === 'purchase' ? 'purchase' : 'deposit';
  switch (type) {
    case 'reward':
    case 'penalty':
    case 'jackpot':
    case 'deposit':
    case 'purchase':
    case 'refund':
    case 'upgrade':
    case 'prize':
      return type;
    case 'withdrawal':
      return 'withdrawalHold';
    default:
      return 'other';
  }
}
