import { Type, type Static } from 'typebox';
import { AutomaticDeposits } from './chain.js';
import { Ok } from './envelope.js';
import { literalUnion } from './literals.js';
import { TRANSACTION_TYPES } from '../rules/ledger.js';

/** Error codes of the money endpoints (docs/adr, 'Every change of value is a ledger row' and 'Deposits, purchases and withdrawals wait for an admin'). Messages are in messages/. */
export const MoneyErrorCode = {
  INVALID_AMOUNT: 'INVALID_AMOUNT',
  MIN_DEPOSIT: 'MIN_DEPOSIT',
  INVALID_CRYPTO_TYPE: 'INVALID_CRYPTO_TYPE',
  ADDRESS_REQUIRED: 'ADDRESS_REQUIRED',
  INVALID_TX_HASH: 'INVALID_TX_HASH',
  TX_HASH_TAKEN: 'TX_HASH_TAKEN',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  INVALID_DICE_PURCHASE: 'INVALID_DICE_PURCHASE',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  TRANSACTION_NOT_FOUND: 'TRANSACTION_NOT_FOUND',
  ALREADY_PROCESSED: 'ALREADY_PROCESSED',
  REASON_REQUIRED: 'REASON_REQUIRED',
  DICE_ROLLS_REQUIRED: 'DICE_ROLLS_REQUIRED',
  CORRUPTED_TRANSACTION: 'CORRUPTED_TRANSACTION',
  PRICES_UNAVAILABLE: 'PRICES_UNAVAILABLE',
  COIN_UNAVAILABLE: 'COIN_UNAVAILABLE',
  /** 400: an approval credits more than the payment is worth and gives no reason (the field is named). */
  APPROVAL_OVER_BOUND: 'APPROVAL_OVER_BOUND',
} as const;

/**
 * Amounts are read leniently (a number or a decimal string) so that every bad amount gets the spec's
 * own text ('Enter a valid amount.') instead of a generic schema error.
 */
const AmountInput = Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null()], {
  description: 'a number, or a decimal string such as "0.5"',
});
const ShortText = (maxLength: number, description?: string) =>
  Type.Optional(Type.String(description ? { maxLength, description } : { maxLength }));

export { TRANSACTION_TYPES };
export const TRANSACTION_STATUSES = ['pending', 'approved', 'rejected', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TransactionTypeSchema = literalUnion(TRANSACTION_TYPES);
export const TransactionStatusSchema = literalUnion(TRANSACTION_STATUSES);

// ── Balance ──────────────────────────────────────────────────────────────────
export const CreditsBalance = Type.Object({
  balance: Type.Integer({ minimum: 0, description: 'GOGO available (held withdrawals already deducted)' }),
  diceRollsRemaining: Type.Integer({ minimum: 0 }),
  pendingWithdrawals: Type.Integer({ minimum: 0, description: 'GOGO held by pending withdrawal requests' }),
  withdrawable: Type.Integer({
    minimum: 0,
    description:
      'GOGO the player may withdraw now: GOGO won with free dice waits until approved deposits reach $10 in total',
  }),
  currency: Type.Literal('GOGO'),
});
export type CreditsBalance = Static<typeof CreditsBalance>;
export const CreditsBalanceResponse = Ok(CreditsBalance);

// ── Spend (idempotent) ───────────────────────────────────────────────────────
export const SpendBody = Type.Object({
  amount: AmountInput,
  idempotencyKey: Type.String({ minLength: 1, maxLength: 100 }),
});
export type SpendBody = Static<typeof SpendBody>;
export const SpendResult = Type.Object({
  spent: Type.Integer(),
  balance: Type.Integer(),
  idempotencyKey: Type.String(),
  replayed: Type.Boolean({ description: 'true when this answer is the replay of an earlier request' }),
});
export type SpendResult = Static<typeof SpendResult>;
export const SpendResponse = Ok(SpendResult);

// ── Grant (admin) ────────────────────────────────────────────────────────────
export const GrantBody = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  amount: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  note: ShortText(500),
});
export type GrantBody = Static<typeof GrantBody>;
export const GrantResult = Type.Object({ userId: Type.Integer(), amount: Type.Integer(), balance: Type.Integer() });
export const GrantResponse = Ok(GrantResult);

// ── Deposit request ──────────────────────────────────────────────────────────
/**
 * Both bodies of the spec: the profile's {amount, cryptoType, cryptoAddress, reference, note} and the
 * service call's {amount, solTxSignature, note} (a Solana deposit identified by its signature).
 */
export const DepositRequestBody = Type.Object({
  amount: AmountInput,
  cryptoType: ShortText(10, 'BTC, ETH, SOL, USDT or USDC'),
  cryptoAddress: ShortText(200, 'the address the player sent from'),
  transactionHash: ShortText(200, 'hash of the on-chain transfer; claimed once per currency'),
  reference: ShortText(
    200,
    'required (or transactionHash / solTxSignature): the transfer\u2019s transaction id in its coin\u2019s shape (BTC 64 hex, ETH/USDT/USDC 0x + 64 hex, SOL base58 80-90)',
  ),
  note: ShortText(1000),
  solTxSignature: ShortText(200, 'a Solana transaction signature (implies cryptoType SOL)'),
});
export type DepositRequestBody = Static<typeof DepositRequestBody>;
export const DepositRequestResult = Type.Object({
  transactionId: Type.Integer(),
  status: Type.Literal('pending'),
  usdValue: Type.Union([Type.Number(), Type.Null()], { description: 'USD value at request time, when known' }),
});
export type DepositRequestResult = Static<typeof DepositRequestResult>;
export const DepositRequestResponse = Ok(DepositRequestResult);

export const DepositInfo = Type.Object({
  minDepositUsd: Type.Number(),
  addresses: Type.Object(
    {
      BTC: Type.Union([Type.String(), Type.Null()]),
      ETH: Type.Union([Type.String(), Type.Null()]),
      SOL: Type.Union([Type.String(), Type.Null()]),
      USDT: Type.Union([Type.String(), Type.Null()]),
      USDC: Type.Union([Type.String(), Type.Null()]),
    },
    { description: 'where to send each currency; null when the operator has not configured one' },
  ),
  /** ETH, USDT and USDC credited by the chain watcher: the player's own address per coin (absent: manual). */
  automatic: Type.Optional(AutomaticDeposits),
});
export type DepositInfo = Static<typeof DepositInfo>;
export const DepositInfoResponse = Ok(DepositInfo);

// ── Withdrawal requests ──────────────────────────────────────────────────────
export const WithdrawalRequestBody = Type.Object({
  amount: AmountInput,
  cryptoType: ShortText(10),
  cryptoAddress: ShortText(200),
  note: ShortText(1000),
  currentPassword: Type.Optional(
    Type.String({
      maxLength: 1024,
      description: "needed when an ETH, USDT or USDC payout goes to another address than the player's linked wallet",
    }),
  ),
});
export type WithdrawalRequestBody = Static<typeof WithdrawalRequestBody>;
/** The service-call form of the spec: a Solana payout address. */
export const WithdrawRequestBody = Type.Object({
  amount: AmountInput,
  note: ShortText(1000),
  solAddress: ShortText(200),
});
export type WithdrawRequestBody = Static<typeof WithdrawRequestBody>;
export const WithdrawalRequestResult = Type.Object({
  transactionId: Type.Integer(),
  status: Type.Literal('pending'),
  amount: Type.Integer(),
  balance: Type.Integer({ description: 'GOGO left after the amount was held' }),
});
export type WithdrawalRequestResult = Static<typeof WithdrawalRequestResult>;
export const WithdrawalRequestResponse = Ok(WithdrawalRequestResult);

// ── Dice purchase request ────────────────────────────────────────────────────
export const DicePurchaseBody = Type.Object({
  diceRollsCount: AmountInput,
  amount: AmountInput,
  currency: ShortText(10, 'USD (default) or the crypto paid with'),
  transactionHash: ShortText(200),
  reference: ShortText(200),
  notes: ShortText(1000),
  cryptoAmount: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
  cryptoAddress: ShortText(200),
});
export type DicePurchaseBody = Static<typeof DicePurchaseBody>;
export const DicePurchaseResult = Type.Object({
  transactionId: Type.Integer(),
  status: Type.Literal('pending'),
  diceRollsCount: Type.Integer(),
  amount: Type.Number(),
  currency: Type.String(),
});
export type DicePurchaseResult = Static<typeof DicePurchaseResult>;
export const DicePurchaseResponse = Ok(DicePurchaseResult);

// ── History ──────────────────────────────────────────────────────────────────
export const TRANSACTIONS_DEFAULT_LIMIT = 50;
export const TRANSACTIONS_MAX_LIMIT = 200;

export const TransactionsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ description: 'clamped to 1..200, default 50' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});
export type TransactionsQuery = Static<typeof TransactionsQuery>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A row of the history, from a money request or a ledger entry. */
export const TransactionDto = Type.Object({
  _id: Type.String({
    description:
      'the row key of the list (a string, like every _id): money requests: their transactionId as text; ledger entries: L<entry id>. Send transactionId, not _id, back to the API.',
  }),
  transactionId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description:
      'money requests: the id that approve/reject take (an integer, as in their bodies); ledger entries: null',
  }),
  source: Type.Union([Type.Literal('request'), Type.Literal('ledger')]),
  type: TransactionTypeSchema,
  amount: Type.Number(),
  formattedAmount: Type.String(),
  status: TransactionStatusSchema,
  age: Type.String({ description: 'time since creation: 3d, 5h, 12m, 40s' }),
  timestamp: Type.Number({ description: 'epoch milliseconds' }),
  createdAt: Type.String({ format: 'date-time' }),
  description: Type.String(),
  currency: Type.String({ description: 'GOGO, DICE, USD or a crypto type' }),
  userId: Type.Object({ id: Type.Integer(), username: Type.String(), email: Type.String() }),
  metadata: Type.Object({
    cryptoType: NullableString,
    cryptoAddress: NullableString,
    reference: NullableString,
    note: NullableString,
    transactionHash: NullableString,
    diceRollsCount: Type.Union([Type.Integer(), Type.Null()]),
    adminNote: NullableString,
    reason: NullableString,
  }),
});
export type TransactionDto = Static<typeof TransactionDto>;

export const TransactionsPage = Type.Object({
  transactions: Type.Array(TransactionDto),
  limit: Type.Integer(),
  offset: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type TransactionsPage = Static<typeof TransactionsPage>;
export const TransactionsResponse = Ok(TransactionsPage);
