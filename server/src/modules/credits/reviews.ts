import { ChainErrorCode, MoneyErrorCode } from '@gogo/shared/api';
import { chainText, depositValueText, moneyText, validationText } from '@gogo/shared/messages';
import { approvalBound, approvalOverBound, toMinorUnits } from '@gogo/shared/rules';
import { isUniqueViolation } from '../../db/errors.js';
import type { TransactionType } from '@gogo/shared/rules';
import type { Queryable, Tx } from '../../db/sql.js';
import { AppError } from '../../lib/errors.js';
import { lockGameState, postLedgerTx } from '../ledger/index.js';
import { accounts } from '../auth/index.js';
import { payReferralOnDeposit } from '../referrals/index.js';
import { publish, publishMoneyRequest } from '../../core/events.js';
import { creditsRepo as repo, MONEY_TX_REF, type Closing, type MoneyTxRow } from './repo.js';

/**
 * The review state machine the admin routes call, each step inside the admin's one transaction (the
 * `tx`). A request leaves `pending` once: the conditional UPDATE ... WHERE status = 'pending' decides
 * between two concurrent reviews (the loser answers 409), on every engine.
 */
export interface ReviewInput {
  transactionId: number;
  adminId: number;
}

const refused = (status: number, code: string, message: string, field?: string) =>
  new AppError(status, code, message, field ? { field } : undefined);

export const text = (value: string | null | undefined): string | null => {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
};

const notFoundTx = () => refused(404, MoneyErrorCode.TRANSACTION_NOT_FOUND, moneyText.transactionNotFound);
const alreadyProcessed = () => refused(409, MoneyErrorCode.ALREADY_PROCESSED, moneyText.alreadyProcessed);

/** A money request (any status), or undefined: what the admin's audit row describes. */
export const findMoneyRequest = (q: Queryable, id: number) => repo.findMoneyTx(q, id);

async function pendingOfKind(tx: Tx, id: number, kind: 'credit' | 'withdrawal'): Promise<MoneyTxRow> {
  const row = await repo.findMoneyTx(tx, id);
  if (!row) throw notFoundTx();
  if ((row.type === 'withdrawal') !== (kind === 'withdrawal')) throw notFoundTx();
  if (row.status !== 'pending') throw alreadyProcessed();
  return row;
}

/** `balanceMoves`: the same transaction credits or refunds the player (their state is pushed too). */
async function close(
  tx: Tx,
  row: MoneyTxRow,
  closing: Closing,
  now: number,
  balanceMoves = false,
): Promise<MoneyTxRow> {
  // The WHERE status = 'pending' makes the transition happen once even when two reviews race.
  if ((await repo.closeMoneyTx(tx, row.id, closing, now)) !== 1) throw alreadyProcessed();
  const closed = await repo.findMoneyTx(tx, row.id);
  if (!closed) throw notFoundTx();
  publishMoneyRequest(tx, closed, balanceMoves);
  return closed;
}

function requireReason(reason: string | null | undefined): string {
  const r = text(reason);
  if (!r) throw refused(400, MoneyErrorCode.REASON_REQUIRED, moneyText.rejectReasonRequired, 'reason');
  return r;
}

const closing = (reviewedBy: number, patch: Partial<Closing> & Pick<Closing, 'status'>): Closing => ({
  reason: null,
  adminNote: null,
  diceRollsCredited: null,
  gogoCredited: null,
  reviewedBy,
  ...patch,
});

/** The most GOGO (or dice) one approval credits: the admin grant's own bound (GrantBody.amount). */
export const MAX_APPROVED_CREDIT = 1_000_000_000;

/** What an approval weighs its credit against: the payment's USD value now and the price of one GOGO. */
export interface ApprovalValue {
  /** The USD value of a deposit's coin amount at the latest price; null when no price is known. */
  usdNow: (row: MoneyTxRow) => Promise<number | null> | number | null;
  gogoPriceUsd: number;
}

/** A purchase is worth its USD price; a deposit its coin amount at the price now (else at request). */
async function valueAtCredit(row: MoneyTxRow, value: ApprovalValue | undefined): Promise<number | null> {
  if (row.type === 'purchase') return row.usdValue ?? row.amount;
  return (value ? await value.usdNow(row) : null) ?? row.usdValue;
}

/**
 * Approves a pending deposit or dice purchase: credits `diceRollsCount` (> 0) and optional
 * `gogoAmount` in the same transaction, and the request leaves `pending` for good (409 after).
 * The credit is worth at most the payment's USD value when credited plus a tolerance
 * (approvalOverBound) unless the admin gives a reason; the value is stored with the approval.
 */
export async function approveDeposit(
  tx: Tx,
  input: ReviewInput & {
    diceRollsCount: number;
    gogoAmount?: number | null;
    adminNote?: string | null;
    reason?: string | null;
  },
  now: number,
  value?: ApprovalValue,
): Promise<MoneyTxRow> {
  const dice = input.diceRollsCount;
  if (!Number.isSafeInteger(dice) || dice <= 0 || dice > MAX_APPROVED_CREDIT) {
    throw refused(400, MoneyErrorCode.DICE_ROLLS_REQUIRED, validationText.adminDiceRollsRequired, 'diceRollsCount');
  }
  const gogo = input.gogoAmount ?? 0;
  if (!Number.isSafeInteger(gogo) || gogo < 0 || gogo > MAX_APPROVED_CREDIT) {
    throw refused(400, MoneyErrorCode.INVALID_AMOUNT, validationText.amountInvalid, 'gogoAmount');
  }
  const row = await pendingOfKind(tx, input.transactionId, 'credit');
  if (!(await accounts.userById(tx, row.userId))) {
    throw refused(404, MoneyErrorCode.CORRUPTED_TRANSACTION, moneyText.corruptedDeposit);
  }
  if (value) {
    const usd = await valueAtCredit(row, value);
    const over = approvalOverBound(usd, { dice, gogo }, value.gogoPriceUsd);
    if (over && !text(input.reason)) {
      const bound = approvalBound(usd, value.gogoPriceUsd);
      const message = bound
        ? depositValueText.approvalOverBound(
            over,
            depositValueText.approvalBoundHint(bound.dice, bound.gogo, usd!.toFixed(2)),
          )
        : depositValueText.approvalValueUnknown;
      throw refused(400, MoneyErrorCode.APPROVAL_OVER_BOUND, message, bound ? over : 'reason');
    }
    const units = usd === null ? null : toMinorUnits(usd);
    if (units !== null && row.type === 'deposit') await repo.setUsdValue(tx, row.id, units);
  }
  await lockGameState(tx, row.userId, now);
  const closed = await close(
    tx,
    row,
    closing(input.adminId, {
      status: 'approved',
      diceRollsCredited: dice,
      gogoCredited: gogo,
      adminNote: text(input.adminNote),
    }),
    now,
    true,
  );
  const type: TransactionType = row.type === 'purchase' ? 'purchase' : 'deposit';
  await postLedgerTx(
    tx,
    row.userId,
    [
      { asset: 'DICE', amount: dice, type, reason: 'deposit_approved' },
      ...(gogo > 0 ? [{ asset: 'GOGO' as const, amount: gogo, type, reason: 'deposit_approved' }] : []),
    ],
    now,
    { refType: MONEY_TX_REF, refId: row.id },
  );
  // The deposit that brings the player's payments to the minimum pays their referrer, once.
  await payReferralOnDeposit(tx, row.userId, now);
  return closed;
}

/** Rejects a pending deposit or dice purchase with a reason; nothing was credited, nothing moves. */
export async function rejectDeposit(tx: Tx, input: ReviewInput & { reason: string | null | undefined }, now: number) {
  const reason = requireReason(input.reason);
  const row = await pendingOfKind(tx, input.transactionId, 'credit');
  return close(tx, row, closing(input.adminId, { status: 'rejected', reason }), now);
}

/** Approves a pending withdrawal: the held GOGO stays out (it was paid), the admin's note is kept. */
export async function approveWithdrawal(tx: Tx, input: ReviewInput & { adminNote?: string | null }, now: number) {
  const row = await pendingOfKind(tx, input.transactionId, 'withdrawal');
  if (!(await accounts.userById(tx, row.userId))) {
    throw refused(404, MoneyErrorCode.CORRUPTED_TRANSACTION, moneyText.corruptedWithdrawal);
  }
  return close(tx, row, closing(input.adminId, { status: 'completed', adminNote: text(input.adminNote) }), now);
}

/** Rejects a pending withdrawal with a reason and refunds the held GOGO (a `refund` ledger entry). */
export async function rejectWithdrawal(
  tx: Tx,
  input: ReviewInput & { reason: string | null | undefined },
  now: number,
) {
  const reason = requireReason(input.reason);
  const row = await pendingOfKind(tx, input.transactionId, 'withdrawal');
  await lockGameState(tx, row.userId, now);
  const closed = await close(tx, row, closing(input.adminId, { status: 'rejected', reason }), now, true);
  await postLedgerTx(
    tx,
    row.userId,
    [{ asset: 'GOGO', amount: Math.round(row.amount), type: 'refund', reason: 'withdrawal_refund' }],
    now,
    { refType: MONEY_TX_REF, refId: row.id },
  );
  return closed;
}

/**
 * Marks a pending deposit or purchase whose player no longer exists as failed (the admin's cleanup).
 * False when it had already left `pending`.
 */
export async function failCorruptedRequest(tx: Tx, id: number, adminId: number, now: number): Promise<boolean> {
  const changed = await repo.closeMoneyTx(
    tx,
    id,
    closing(adminId, { status: 'failed', reason: moneyText.corruptedDeposit }),
    now,
  );
  if (changed !== 1) return false;
  // The player is gone: only the admins' queue and figures change.
  publish(tx, { type: 'queue', kind: 'deposit', transactionId: id, status: 'failed' });
  publish(tx, { type: 'summary' });
  return true;
}

/** A player's money history, newest first (the admin shows a few rows beside a pending withdrawal). */
export const moneyHistory = (q: Queryable, userId: number, limit: number, offset: number) =>
  repo.history(q, userId, limit, offset);

/** Records the on-chain payout of a withdrawal (checked before); a hash already recorded answers 409. */
export async function recordPayout(
  tx: Tx,
  id: number,
  payout: { txHash: string; coin: string; cryptoAmountUnits: number },
): Promise<void> {
  try {
    await repo.recordPayout(tx, id, payout.txHash.toLowerCase(), payout.coin, payout.cryptoAmountUnits);
  } catch (err) {
    if (isUniqueViolation(err))
      throw refused(409, ChainErrorCode.PAYOUT_HASH_USED, chainText.payoutHashUsed, 'transactionHash');
    throw err;
  }
}

/** Records the USD value a withdrawal was paid at (its GOGO at the redemption price), in minor units. */
export async function recordPaidValue(tx: Tx, id: number, usdValueUnits: number): Promise<void> {
  await repo.recordPaidValue(tx, id, usdValueUnits);
}
