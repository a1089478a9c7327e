import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';
import { Pagination } from './admin.js';
import { DateInput, Id, ListLimit, NullableDate, Page } from './admin-fields.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, TransactionDto } from './credits.js';
import { literalUnion } from './literals.js';
import { WithdrawalQuote } from './admin-treasury.js';

/**
 * A row of the admin's transaction lists: the player's history row (TransactionDto) plus
 * what the back office needs to review it. A money request whose player no longer exists has
 * userMissing true and an empty username and email.
 */
export const AdminTransaction = Type.Object({
  ...TransactionDto.properties,
  userMissing: Type.Boolean(),
  usdValue: Type.Union([Type.Number(), Type.Null()], { description: 'deposits and purchases: USD value when known' }),
  cryptoAmount: Type.Union([Type.Number(), Type.Null()], { description: 'purchases: crypto paid, as quoted' }),
  suggestedDiceRolls: Type.Union([Type.Integer(), Type.Null()], {
    description: 'pending deposits and purchases: USD value x 10 (1 USD = 10 rolls), when the USD value is known',
  }),
  approvalBound: Type.Optional(
    Type.Union(
      [
        Type.Object({
          usdValue: Type.Number(),
          dice: Type.Integer(),
          gogo: Type.Union([Type.Integer(), Type.Null()]),
        }),
        Type.Null(),
      ],
      {
        description:
          'pending deposits and purchases: the most an approval credits without a reason (USD value at 10 dice a dollar plus 10%, or GOGO at the launch price)',
      },
    ),
  ),
  diceRollsCredited: Type.Union([Type.Integer(), Type.Null()]),
  gogoCredited: Type.Union([Type.Integer(), Type.Null()]),
  reviewedBy: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  reviewedAt: NullableDate,
});
export type AdminTransaction = Static<typeof AdminTransaction>;

/** The player's holdings beside a queued request. */
export const PlayerHoldings = Type.Object({
  balance: Type.Integer({ description: 'GOGO available now (pending withdrawals already held)' }),
  diceRollsRemaining: Type.Integer(),
  ledgerBalance: Type.Integer(),
  pendingWithdrawals: Type.Integer({ description: "GOGO held by all of the player's pending withdrawals" }),
});
export type PlayerHoldings = Static<typeof PlayerHoldings>;

export const QueueQuery = Type.Object({ limit: Type.Optional(ListLimit) });

export const PendingDeposit = Type.Object({
  ...AdminTransaction.properties,
  player: Type.Union([PlayerHoldings, Type.Null()]),
});
export type PendingDeposit = Static<typeof PendingDeposit>;
export const PendingDepositsResult = Type.Object({
  pendingDeposits: Type.Array(PendingDeposit, { description: 'oldest first' }),
  total: Type.Integer(),
});
export type PendingDepositsResult = Static<typeof PendingDepositsResult>;
export const PendingDepositsResponse = Ok(PendingDepositsResult);

export const PendingWithdrawal = Type.Object({
  ...AdminTransaction.properties,
  player: Type.Union([PlayerHoldings, Type.Null()]),
  recentHistory: Type.Array(TransactionDto, { description: "the player's latest history rows (up to 5)" }),
  quote: WithdrawalQuote,
});
export type PendingWithdrawal = Static<typeof PendingWithdrawal>;
export const PendingWithdrawalsResult = Type.Object({
  pendingWithdrawals: Type.Array(PendingWithdrawal, { description: 'oldest first' }),
  total: Type.Integer(),
});
export type PendingWithdrawalsResult = Static<typeof PendingWithdrawalsResult>;
export const PendingWithdrawalsResponse = Ok(PendingWithdrawalsResult);

const Note = Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]));
// Amounts are checked by the money service so that each failure gets the spec's own text.
const LooseNumber = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

export const ApproveDepositBody = Type.Object({
  transactionId: Id,
  gogoAmount: LooseNumber,
  diceRollsCount: LooseNumber,
  adminNote: Note,
  /** Why the approval credits more than the payment is worth (then kept in the audit log). */
  reason: Note,
});
export type ApproveDepositBody = Static<typeof ApproveDepositBody>;
export const RejectBody = Type.Object({ transactionId: Id, reason: Note });
export type RejectBody = Static<typeof RejectBody>;
export const ApproveWithdrawalBody = Type.Object({
  transactionId: Id,
  adminNote: Note,
  /** ETH, USDT and USDC payouts (with the chain settings): the payout transaction, checked on chain. */
  transactionHash: Type.Optional(Type.Union([Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }), Type.Null()])),
  /** The amount of the coin that transaction sent (e.g. "0.05"). */
  cryptoAmount: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,8})?$' }), Type.Null()])),
});
export type ApproveWithdrawalBody = Static<typeof ApproveWithdrawalBody>;

export const ReviewResult = Type.Object({
  transaction: AdminTransaction,
  player: Type.Union([PlayerHoldings, Type.Null()]),
});
export type ReviewResult = Static<typeof ReviewResult>;
export const ReviewResponse = Ok(ReviewResult);

export const CleanupResult = Type.Object({
  cleaned: Type.Integer(),
  transactionIds: Type.Array(Type.Integer()),
});
export type CleanupResult = Static<typeof CleanupResult>;
export const CleanupResponse = Ok(CleanupResult);

export const AllTransactionsQuery = Type.Object({
  startDate: Type.Optional(DateInput),
  endDate: Type.Optional(DateInput),
  type: Type.Optional(literalUnion(TRANSACTION_TYPES)),
  status: Type.Optional(literalUnion(TRANSACTION_STATUSES)),
  userId: Type.Optional(Id),
  page: Type.Optional(Page),
  limit: Type.Optional(ListLimit),
});
export type AllTransactionsQuery = Static<typeof AllTransactionsQuery>;

const Bucket = Type.Object({ count: Type.Integer(), amount: Type.Number() });
export const TransactionSummary = Type.Object({
  totalTransactions: Type.Integer({ description: 'rows matching the filters' }),
  totalAmount: Type.Number({ description: 'GOGO moved by the matching rows (absolute amounts of GOGO rows)' }),
  byType: Type.Record(Type.String(), Bucket, { description: 'count and summed amount (in its own units) per type' }),
  byCurrency: Type.Record(Type.String(), Bucket, { description: 'count and summed amount per currency' }),
});
export type TransactionSummary = Static<typeof TransactionSummary>;
export const AllTransactionsResult = Type.Object({
  allTransactions: Type.Array(AdminTransaction),
  summary: TransactionSummary,
  pagination: Pagination,
});
export type AllTransactionsResult = Static<typeof AllTransactionsResult>;
export const AllTransactionsResponse = Ok(AllTransactionsResult);
