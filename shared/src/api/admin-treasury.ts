import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

/**
 * The back office's treasury (GET /api/admin/treasury): what the house owes in GOGO and what that is
 * worth, the money that came in and went out per UTC day, the GOGO minted and spent per day by ledger
 * kind, and the net position. Figures are read from the ledger and the money requests, never kept
 * apart from them.
 */
export const TREASURY_DEFAULT_DAYS = 30;
export const TREASURY_MAX_DAYS = 90;

export const TreasuryErrorCode = {
  /** Approving this withdrawal would pay more than WITHDRAW_DAILY_BUDGET_USD today. */
  WITHDRAW_BUDGET_EXCEEDED: 'WITHDRAW_BUDGET_EXCEEDED',
  /** The stated payout differs from the quote at today's price. */
  PAYOUT_NOT_QUOTED: 'PAYOUT_NOT_QUOTED',
} as const;

export const TreasuryQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: TREASURY_MAX_DAYS, default: TREASURY_DEFAULT_DAYS })),
});
export type TreasuryQuery = Static<typeof TreasuryQuery>;

const Usd = Type.Number({ description: 'US dollars, rounded to the cent' });
const ByKind = Type.Record(Type.String(), Type.Integer(), {
  description: 'GOGO per ledger kind (roll rewards, jackpots, achievements, daily, refund, upgrade, ...)',
});

export const TreasuryDay = Type.Object({
  date: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
  depositsUsd: Usd,
  withdrawalsUsd: Usd,
  minted: ByKind,
  mintedTotal: Type.Integer({ description: 'GOGO credited to players that day (every positive ledger row)' }),
  spent: ByKind,
  spentTotal: Type.Integer({ description: 'GOGO taken from players that day (every negative ledger row)' }),
});
export type TreasuryDay = Static<typeof TreasuryDay>;

export const TreasuryOutstanding = Type.Object({
  balances: Type.Integer({ description: "GOGO in players' balances" }),
  pendingWithdrawals: Type.Integer({ description: 'GOGO held by withdrawals waiting for review' }),
  pendingWithdrawalCount: Type.Integer(),
  total: Type.Integer({ description: 'balances + pending withdrawals: every GOGO the house may be asked to pay' }),
  ledgerBalances: Type.Integer({ description: 'the same balances summed from the ledger (must equal balances)' }),
  valueAtLaunchUsd: Usd,
  valueAtRedemptionUsd: Usd,
});
export type TreasuryOutstanding = Static<typeof TreasuryOutstanding>;

export const TreasuryResult = Type.Object({
  generatedAt: Type.String({ format: 'date-time' }),
  launchPriceUsd: Type.Number({ description: 'LAUNCH_PRICE_USD' }),
  redemptionPriceUsd: Type.Number({ description: 'REDEMPTION_PRICE_USD: what a withdrawal pays per GOGO' }),
  outstanding: TreasuryOutstanding,
  budget: Type.Object({
    dailyUsd: Type.Number({ description: 'WITHDRAW_DAILY_BUDGET_USD; 0: no budget' }),
    paidTodayUsd: Usd,
    remainingUsd: Type.Union([Usd, Type.Null()], { description: 'null when there is no budget' }),
  }),
  days: Type.Integer(),
  from: Type.String({ description: 'first UTC day' }),
  to: Type.String({ description: 'last UTC day (today)' }),
  series: Type.Array(TreasuryDay),
  totals: Type.Object({
    depositsUsd: Usd,
    withdrawalsUsd: Usd,
    minted: ByKind,
    mintedTotal: Type.Integer(),
    spent: ByKind,
    spentTotal: Type.Integer(),
  }),
  net: Type.Object({
    depositsUsd: Usd,
    withdrawalsUsd: Usd,
    cashUsd: Type.Number({ description: 'all deposits received minus all withdrawals paid, since the start' }),
    owedUsd: Type.Number({ description: 'the outstanding GOGO at the redemption price' }),
    positionUsd: Type.Number({
      description: 'cash minus what is owed: negative when the house owes more than it holds',
    }),
  }),
});
export type TreasuryResult = Static<typeof TreasuryResult>;
export const TreasuryResponse = Ok(TreasuryResult);

/** What a pending withdrawal is worth and pays: shown in the admin's queue, checked on approval. */
export const WithdrawalQuote = Type.Object({
  usdValue: Usd,
  redemptionPriceUsd: Type.Number(),
  /** The coin amount at today's price (8 decimals), null when no price is known for the coin. */
  cryptoAmount: Type.Union([Type.String(), Type.Null()]),
  coinPriceUsd: Type.Union([Type.Number(), Type.Null()]),
  priceUpdatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Paying this one (after the older ones that fit) would go beyond today's budget: it waits. */
  overBudget: Type.Boolean(),
});
export type WithdrawalQuote = Static<typeof WithdrawalQuote>;
