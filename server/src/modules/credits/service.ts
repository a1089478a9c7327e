import { createHash } from 'node:crypto';
import {
  ErrorCode,
  MoneyErrorCode,
  TRANSACTIONS_DEFAULT_LIMIT,
  TRANSACTIONS_MAX_LIMIT,
  type CreditsBalance,
  type DepositInfo,
  type DepositRequestBody,
  type DepositRequestResult,
  type DicePurchaseBody,
  type DicePurchaseResult,
  type GrantBody,
  type SpendBody,
  type SpendResult,
  type TransactionDto,
  type TransactionsPage,
  type WithdrawalRequestResult,
} from '@gogo/shared/api';
import { moneyText, serverText, validationText, walletText } from '@gogo/shared/messages';
import {
  CRYPTO_TYPES,
  MIN_DEPOSIT_USD,
  STARTING_DICE_ROLLS,
  describeLedgerReason,
  dicePurchaseAmountMatches,
  formatTimeAgo,
  formatTransactionAmount,
  isCryptoType,
  isValidDicePurchaseCount,
  meetsMinimumDeposit,
  normalizeTxHash,
  priceKeyOf,
  usdValueOf,
  type CryptoType,
  type TransactionType,
} from '@gogo/shared/rules';
import {
  parseAmount,
  validateCryptoType,
  validateDepositAmount,
  validatePayoutAddress,
  validateWithdrawalAmount,
} from '@gogo/shared/validation';
import type { Database_, Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { ensureGameState, InsufficientBalanceError, postLedger } from '../ledger/ledger.js';
import { writeAudit } from '../admin/audit.js';
import type { PriceProvider } from '../prices/provider.js';
import { creditsRepo as repo, MONEY_TX_REF, type HistoryRow, type MoneyTxRow, type NewMoneyTx } from './repo.js';

/** Largest amount any money request accepts: beyond it a number is a typo or an attack, not money. */
const MAX_AMOUNT = 1_000_000_000;
const MAX_DICE_PURCHASE = 1_000_000;

const refused = (status: number, code: string, message: string, field?: string) =>
  new AppError(status, code, message, field ? { field } : undefined);

function text(value: string | null | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const txHashTaken = () => refused(409, MoneyErrorCode.TX_HASH_TAKEN, moneyText.txHashTaken, 'transactionHash');

/** Inserts a money request, refusing a transaction hash already claimed in the same currency. */
function insertClaimingHash(db: Db, row: NewMoneyTx): MoneyTxRow {
  if (row.txHash && row.hashCurrency && repo.findByHash(db, row.hashCurrency, row.txHash)) throw txHashTaken();
  try {
    return repo.insertMoneyTx(db, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw txHashTaken();
    throw err;
  }
}

function readTxHash(raw: string | null): string | null {
  if (raw === null) return null;
  const hash = normalizeTxHash(raw);
  if (!hash) throw refused(400, MoneyErrorCode.INVALID_TX_HASH, moneyText.txHashInvalid, 'transactionHash');
  return hash;
}

// ── Reviews: the state machine the admin routes call (each inside one database.write) ──────────

export interface ReviewInput {
  transactionId: number;
  adminId: number;
}

const notFoundTx = () => refused(404, MoneyErrorCode.TRANSACTION_NOT_FOUND, moneyText.transactionNotFound);
const alreadyProcessed = () => refused(409, MoneyErrorCode.ALREADY_PROCESSED, moneyText.alreadyProcessed);

function pendingOfKind(db: Db, id: number, kind: 'credit' | 'withdrawal'): MoneyTxRow {
  const tx = repo.findMoneyTx(db, id);
  if (!tx) throw notFoundTx();
  const isWithdrawal = tx.type === 'withdrawal';
  if (isWithdrawal !== (kind === 'withdrawal')) throw notFoundTx();
  if (tx.status !== 'pending') throw alreadyProcessed();
  return tx;
}

function close(db: Db, tx: MoneyTxRow, patch: Partial<NewMoneyTx>): MoneyTxRow {
  // The WHERE status = 'pending' makes the transition happen once even if a check above were skipped.
  if (repo.closeMoneyTx(db, tx.id, patch) !== 1) throw alreadyProcessed();
  return repo.findMoneyTx(db, tx.id)!;
}

function requireReason(reason: string | null | undefined): string {
  const r = text(reason);
  if (!r) throw refused(400, MoneyErrorCode.REASON_REQUIRED, moneyText.rejectReasonRequired, 'reason');
  return r;
}

/**
 * Approves a pending deposit or dice purchase: credits `diceRollsCount` (> 0) and optional
 * `gogoAmount` in the same transaction, and the request leaves `pending` for good (409 after).
 */
export function approveDeposit(
  db: Db,
  input: ReviewInput & { diceRollsCount: number; gogoAmount?: number | null; adminNote?: string | null },
  now: number,
): MoneyTxRow {
  const dice = input.diceRollsCount;
  if (!Number.isSafeInteger(dice) || dice <= 0) {
    throw refused(400, MoneyErrorCode.DICE_ROLLS_REQUIRED, validationText.adminDiceRollsRequired, 'diceRollsCount');
  }
  const gogo = input.gogoAmount ?? 0;
  if (!Number.isSafeInteger(gogo) || gogo < 0) {
    throw refused(400, MoneyErrorCode.INVALID_AMOUNT, validationText.amountInvalid, 'gogoAmount');
  }
  const tx = pendingOfKind(db, input.transactionId, 'credit');
  if (!repo.findUser(db, tx.userId)) {
    throw refused(404, MoneyErrorCode.CORRUPTED_TRANSACTION, moneyText.corruptedDeposit);
  }
  const closed = close(db, tx, {
    status: 'approved',
    diceRollsCredited: dice,
    gogoCredited: gogo,
    adminNote: text(input.adminNote),
    reviewedBy: input.adminId,
    reviewedAt: now,
    updatedAt: now,
  });
  ensureGameState(db, tx.userId, now);
  const type: TransactionType = tx.type === 'purchase' ? 'purchase' : 'deposit';
  postLedger(
    db,
    tx.userId,
    [
      { asset: 'DICE', amount: dice, type, reason: 'deposit_approved' },
      ...(gogo > 0 ? [{ asset: 'GOGO' as const, amount: gogo, type, reason: 'deposit_approved' }] : []),
    ],
    now,
    { refType: MONEY_TX_REF, refId: tx.id },
  );
  return closed;
}

/** Rejects a pending deposit or dice purchase with a reason; nothing was credited, nothing moves. */
export function rejectDeposit(db: Db, input: ReviewInput & { reason: string | null | undefined }, now: number) {
  const reason = requireReason(input.reason);
  const tx = pendingOfKind(db, input.transactionId, 'credit');
  return close(db, tx, { status: 'rejected', reason, reviewedBy: input.adminId, reviewedAt: now, updatedAt: now });
}

/** Approves a pending withdrawal: the held GOGO stays out (it was paid), the admin's note is kept. */
export function approveWithdrawal(db: Db, input: ReviewInput & { adminNote?: string | null }, now: number) {
  const tx = pendingOfKind(db, input.transactionId, 'withdrawal');
  if (!repo.findUser(db, tx.userId)) {
    throw refused(404, MoneyErrorCode.CORRUPTED_TRANSACTION, moneyText.corruptedWithdrawal);
  }
  return close(db, tx, {
    status: 'completed',
    adminNote: text(input.adminNote),
    reviewedBy: input.adminId,
    reviewedAt: now,
    updatedAt: now,
  });
}

/** Rejects a pending withdrawal with a reason and refunds the held GOGO (a `refund` ledger entry). */
export function rejectWithdrawal(db: Db, input: ReviewInput & { reason: string | null | undefined }, now: number) {
  const reason = requireReason(input.reason);
  const tx = pendingOfKind(db, input.transactionId, 'withdrawal');
  const closed = close(db, tx, {
    status: 'rejected',
    reason,
    reviewedBy: input.adminId,
    reviewedAt: now,
    updatedAt: now,
  });
  ensureGameState(db, tx.userId, now);
  postLedger(
    db,
    tx.userId,
    [{ asset: 'GOGO', amount: Math.round(tx.amount), type: 'refund', reason: 'withdrawal_refund' }],
    now,
    { refType: MONEY_TX_REF, refId: tx.id },
  );
  return closed;
}

// ── History rows ─────────────────────────────────────────────────────────────

function describeRequest(row: HistoryRow, formatted: string): string {
  if (row.type === 'deposit') return `Deposit of ${formatted}`;
  if (row.type === 'purchase') {
    const count = row.diceRollsRequested ?? 0;
    return `Purchase of ${count} dice rolls for ${formatted}${row.cryptoType ? ` in ${row.cryptoType}` : ''}`;
  }
  return `Withdrawal of ${formatted}${row.cryptoType ? ` to a ${row.cryptoType} address` : ''}`;
}

export function toTransactionDto(
  row: HistoryRow,
  user: { id: number; username: string; email: string },
  now: number,
): TransactionDto {
  const isRequest = row.source === 'request';
  const formattedAmount = formatTransactionAmount(row.amount, row.currency, !isRequest);
  return {
    _id: isRequest ? String(row.id) : `L${row.id}`,
    source: row.source,
    type: row.type as TransactionDto['type'],
    amount: row.amount,
    formattedAmount,
    status: row.status as TransactionDto['status'],
    age: formatTimeAgo(now - row.createdAt),
    timestamp: row.createdAt,
    createdAt: new Date(row.createdAt).toISOString(),
    description: isRequest ? describeRequest(row, formattedAmount) : describeLedgerReason(row.ledgerReason ?? ''),
    currency: row.currency,
    userId: user,
    metadata: {
      cryptoType: row.cryptoType,
      cryptoAddress: row.cryptoAddress,
      reference: row.reference,
      note: row.note,
      transactionHash: row.txHash,
      diceRollsCount: row.diceRollsRequested,
      adminNote: row.adminNote,
      reason: row.rejectReason,
    },
  };
}

export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return TRANSACTIONS_DEFAULT_LIMIT;
  return Math.min(TRANSACTIONS_MAX_LIMIT, Math.max(1, Math.trunc(limit)));
}

// ── The player's side ────────────────────────────────────────────────────────

export interface CreditsDeps {
  database: Database_;
  clock: Clock;
  prices: PriceProvider;
  depositAddresses: Partial<Record<CryptoType, string>>;
}

export function createCreditsService(deps: CreditsDeps) {
  const { database, clock } = deps;

  /** Issue 14: a player cannot pay in a coin that has no published receiving address. */
  function requireReceivingAddress(coin: CryptoType) {
    if (!deps.depositAddresses[coin]) {
      throw refused(400, MoneyErrorCode.COIN_UNAVAILABLE, walletText.coinUnavailable(coin), 'cryptoType');
    }
  }

  function requestWithdrawal(
    userId: number,
    input: { amount: unknown; cryptoType?: unknown; cryptoAddress?: string | null; note?: string | null },
  ): WithdrawalRequestResult {
    const amount = parseAmount(input.amount);
    const amountError = validateWithdrawalAmount(amount, null);
    if (amountError) throw refused(400, MoneyErrorCode.INVALID_AMOUNT, amountError, 'amount');
    if (amount > MAX_AMOUNT) throw refused(400, MoneyErrorCode.INVALID_AMOUNT, validationText.amountInvalid, 'amount');
    const cryptoType = typeof input.cryptoType === 'string' ? input.cryptoType.trim().toUpperCase() : input.cryptoType;
    const typeError = validateCryptoType(cryptoType);
    if (typeError) throw refused(400, MoneyErrorCode.INVALID_CRYPTO_TYPE, typeError, 'cryptoType');
    const addressError = validatePayoutAddress(cryptoType as CryptoType, input.cryptoAddress);
    if (addressError) throw refused(400, MoneyErrorCode.ADDRESS_REQUIRED, addressError, 'cryptoAddress');
    const exceeds = () =>
      refused(400, MoneyErrorCode.INSUFFICIENT_BALANCE, validationText.withdrawExceedsBalance, 'amount');
    const now = clock();
    try {
      return database.write((db) => {
        const state = ensureGameState(db, userId, now);
        // Checked under the write lock: two concurrent requests see each other's hold.
        if (amount > state.balance) throw exceeds();
        const tx = repo.insertMoneyTx(db, {
          userId,
          type: 'withdrawal',
          amount,
          currency: 'GOGO',
          cryptoType: cryptoType as CryptoType,
          cryptoAddress: text(input.cryptoAddress),
          note: text(input.note),
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        });
        postLedger(
          db,
          userId,
          [{ asset: 'GOGO', amount: -amount, type: 'withdrawal', reason: 'withdrawal_hold' }],
          now,
          {
            refType: MONEY_TX_REF,
            refId: tx.id,
          },
        );
        return { transactionId: tx.id, status: 'pending' as const, amount, balance: state.balance - amount };
      });
    } catch (err) {
      if (err instanceof InsufficientBalanceError) throw exceeds();
      throw err;
    }
  }

  return {
    balance(userId: number): CreditsBalance {
      const row = repo.readBalances(database.db, userId);
      return {
        balance: row?.balance ?? 0,
        diceRollsRemaining: row?.dice ?? STARTING_DICE_ROLLS,
        pendingWithdrawals: Math.round(repo.pendingWithdrawalTotal(database.db, userId)),
        currency: 'GOGO',
      };
    },

    depositInfo(): DepositInfo {
      const addresses = {} as DepositInfo['addresses'];
      for (const c of CRYPTO_TYPES) addresses[c] = deps.depositAddresses[c] ?? null;
      return { minDepositUsd: MIN_DEPOSIT_USD, addresses };
    },

    /** Spends GOGO once per idempotency key: the same key and body replay the first answer. */
    spend(userId: number, body: SpendBody): SpendResult {
      const key = body.idempotencyKey.trim();
      if (key === '') {
        throw refused(400, ErrorCode.VALIDATION_ERROR, serverText.validation, 'idempotencyKey');
      }
      const amount = parseAmount(body.amount);
      const canonical = JSON.stringify({ amount: Number.isFinite(amount) ? amount : String(body.amount) });
      const requestHash = createHash('sha256').update(canonical).digest('hex');
      const now = clock();
      return database.write((db) => {
        const seen = repo.findIdempotencyKey(db, userId, key);
        if (seen) {
          if (seen.requestHash !== requestHash) {
            throw refused(422, MoneyErrorCode.IDEMPOTENCY_KEY_REUSED, moneyText.idempotencyKeyReused, 'idempotencyKey');
          }
          return { ...(seen.response as SpendResult), replayed: true };
        }
        if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_AMOUNT) {
          throw refused(400, MoneyErrorCode.INVALID_AMOUNT, validationText.amountInvalid, 'amount');
        }
        const state = ensureGameState(db, userId, now);
        if (amount > state.balance) {
          throw refused(400, MoneyErrorCode.INSUFFICIENT_BALANCE, moneyText.insufficientBalance, 'amount');
        }
        postLedger(db, userId, [{ asset: 'GOGO', amount: -amount, type: 'purchase', reason: 'spend' }], now, {
          refType: 'spend',
        });
        const result: SpendResult = {
          spent: amount,
          balance: state.balance - amount,
          idempotencyKey: key,
          replayed: false,
        };
        repo.insertIdempotencyKey(db, { userId, key, requestHash, statusCode: 200, response: result, createdAt: now });
        return result;
      });
    },

    /**
     * Admin: credits GOGO to a player (a `reward` ledger entry that names the admin), audited in the
     * same transaction (decisions.md section 5: every admin action writes an audit row).
     */
    grant(adminId: number, body: GrantBody, ip: string | null = null) {
      const now = clock();
      return database.write((db) => {
        if (!repo.findUser(db, body.userId)) throw refused(404, ErrorCode.NOT_FOUND, moneyText.userNotFound, 'userId');
        const state = ensureGameState(db, body.userId, now);
        postLedger(
          db,
          body.userId,
          [{ asset: 'GOGO', amount: body.amount, type: 'reward', reason: 'admin_grant' }],
          now,
          {
            refType: 'admin',
            refId: adminId,
          },
        );
        const balance = state.balance + body.amount;
        writeAudit(
          db,
          {
            adminId,
            action: 'grant_credits',
            targetUserId: body.userId,
            before: { balance: state.balance },
            after: { balance, amount: body.amount, note: text(body.note) },
            ip,
          },
          now,
        );
        return { userId: body.userId, amount: body.amount, balance };
      });
    },

    /** A pending deposit: nothing is credited until an admin approves it. */
    async requestDeposit(userId: number, body: DepositRequestBody): Promise<DepositRequestResult> {
      const solSignature = text(body.solTxSignature);
      const amount = parseAmount(body.amount);
      if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_AMOUNT) {
        throw refused(400, MoneyErrorCode.INVALID_AMOUNT, validationText.amountInvalid, 'amount');
      }
      const givenType = text(body.cryptoType)?.toUpperCase() ?? null;
      const cryptoType = solSignature ? (givenType ?? 'SOL') : givenType;
      if (!isCryptoType(cryptoType) || (solSignature && cryptoType !== 'SOL')) {
        throw refused(400, MoneyErrorCode.INVALID_CRYPTO_TYPE, moneyText.cryptoTypeInvalid, 'cryptoType');
      }
      requireReceivingAddress(cryptoType);
      const amountError = validateDepositAmount(amount, cryptoType);
      if (amountError) throw refused(400, MoneyErrorCode.INVALID_AMOUNT, amountError, 'amount');
      const address = text(body.cryptoAddress);
      if (!solSignature && !address) {
        throw refused(400, MoneyErrorCode.ADDRESS_REQUIRED, validationText.cryptoAddressRequired, 'cryptoAddress');
      }
      const txHash = readTxHash(solSignature ?? text(body.transactionHash));
      const prices = await deps.prices.latest();
      const price = prices?.pricesUsd[priceKeyOf(cryptoType)];
      const usdValue = price ? usdValueOf(amount, price) : null;
      if (usdValue !== null && !meetsMinimumDeposit(usdValue)) {
        throw refused(400, MoneyErrorCode.MIN_DEPOSIT, validationText.depositMinimum, 'amount');
      }
      const now = clock();
      const tx = database.write((db) =>
        insertClaimingHash(db, {
          userId,
          type: 'deposit',
          amount,
          currency: cryptoType,
          cryptoType,
          usdValue,
          cryptoAddress: address,
          txHash,
          hashCurrency: txHash ? cryptoType : null,
          reference: text(body.reference),
          note: text(body.note),
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        }),
      );
      return { transactionId: tx.id, status: 'pending', usdValue };
    },

    /** A pending dice purchase: `amount` is the USD price of the rolls (1 USD = 10 rolls). */
    requestDicePurchase(userId: number, body: DicePurchaseBody): DicePurchaseResult {
      const count = parseAmount(body.diceRollsCount);
      if (!isValidDicePurchaseCount(count) || count > MAX_DICE_PURCHASE) {
        throw refused(400, MoneyErrorCode.INVALID_DICE_PURCHASE, moneyText.dicePurchaseCount, 'diceRollsCount');
      }
      const amount = parseAmount(body.amount);
      if (!Number.isFinite(amount) || amount <= 0) {
        throw refused(400, MoneyErrorCode.INVALID_AMOUNT, validationText.amountInvalid, 'amount');
      }
      if (!dicePurchaseAmountMatches(count, amount)) {
        throw refused(400, MoneyErrorCode.INVALID_DICE_PURCHASE, moneyText.dicePurchaseAmount, 'amount');
      }
      const currency = text(body.currency)?.toUpperCase() ?? 'USD';
      if (currency !== 'USD' && !isCryptoType(currency)) {
        throw refused(400, MoneyErrorCode.INVALID_CRYPTO_TYPE, moneyText.cryptoTypeInvalid, 'currency');
      }
      const cryptoType = currency === 'USD' ? null : currency;
      if (cryptoType) requireReceivingAddress(cryptoType);
      const cryptoAmount = body.cryptoAmount ?? null;
      if (cryptoAmount !== null && (!cryptoType || !Number.isFinite(cryptoAmount) || cryptoAmount <= 0)) {
        throw refused(400, MoneyErrorCode.INVALID_AMOUNT, validationText.amountInvalid, 'cryptoAmount');
      }
      const txHash = readTxHash(text(body.transactionHash));
      const now = clock();
      const tx = database.write((db) =>
        insertClaimingHash(db, {
          userId,
          type: 'purchase',
          amount,
          currency: 'USD',
          cryptoType,
          cryptoAmount,
          usdValue: amount,
          cryptoAddress: text(body.cryptoAddress),
          txHash,
          hashCurrency: txHash ? (cryptoType ?? 'USD') : null,
          reference: text(body.reference),
          note: text(body.notes),
          diceRollsRequested: count,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        }),
      );
      return { transactionId: tx.id, status: 'pending', diceRollsCount: count, amount, currency };
    },

    /** The profile form: {amount, cryptoType, cryptoAddress, note}. */
    requestWithdrawal,

    /** The service-call form of the spec: {amount, note, solAddress} pays out in SOL. */
    requestSolWithdrawal(userId: number, body: { amount: unknown; note?: string; solAddress?: string }) {
      return requestWithdrawal(userId, {
        amount: body.amount,
        cryptoType: 'SOL',
        cryptoAddress: body.solAddress,
        note: body.note,
      });
    },

    history(userId: number, query: { limit?: number; offset?: number }): TransactionsPage {
      const limit = clampLimit(query.limit);
      const offset = Math.max(0, Math.trunc(query.offset ?? 0));
      const db = database.db;
      const user = repo.findUser(db, userId);
      if (!user) throw refused(404, ErrorCode.NOT_FOUND, moneyText.userNotFound);
      const rows = repo.history(db, userId, limit + 1, offset);
      const now = clock();
      return {
        transactions: rows.slice(0, limit).map((row) => toTransactionDto(row, user, now)),
        limit,
        offset,
        hasMore: rows.length > limit,
      };
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
