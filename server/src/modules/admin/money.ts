import {
  ADMIN_DEFAULT_LIMIT,
  ChainErrorCode,
  type AdminTransaction,
  type AllTransactionsQuery,
  type AllTransactionsResult,
  type ApproveDepositBody,
  type ApproveWithdrawalBody,
  type CleanupResult,
  type PendingDepositsResult,
  type PendingWithdrawalsResult,
  type PlayerHoldings,
  type RejectBody,
  type ReviewResult,
  type TransactionSummary,
} from '@gogo/shared/api';
import { chainText, moneyText } from '@gogo/shared/messages';
import {
  DICE_PER_USD,
  LAUNCH_PRICE_USD,
  approvalBound,
  formatUnits,
  isCryptoType,
  matchesQuote,
  priceKeyOf,
  toMinorUnits,
  usdValueOf,
  type ChainCoin,
} from '@gogo/shared/rules';
import { TreasuryErrorCode } from '@gogo/shared/api';
import { treasuryText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { toTransactionDto } from '../credits/index.js';
import type { ApprovalValue, MoneyTxRow } from '../credits/index.js';
import type { PriceProvider } from '../prices/index.js';
import {
  approveDeposit,
  approveWithdrawal,
  failCorruptedRequest,
  findMoneyRequest,
  moneyHistory,
  rejectDeposit,
  recordPaidValue,
  recordPayout,
  rejectWithdrawal,
} from '../credits/index.js';
import { AppError } from '../../lib/errors.js';
import { writeAudit } from './audit.js';
import { adminMoneyRepo as repo, type AdminTxRow, type HoldingsRow, type QueueRow } from './money-repo.js';
import { pagination, paging, parseDateRange } from './service.js';
import type { Treasury } from './treasury.js';

/** The on-chain check of payouts (the chain module, wired by the app). */
export interface PayoutCheck {
  isAutomatic(coin: string): boolean;
  /** Null when the transaction pays what was asked; else why not. Throws when the node cannot be asked. */
  check(claim: { coin: ChainCoin; txHash: string; to: string; amountUnits: number }): Promise<string | null>;
}

/** How many history rows a pending withdrawal shows beside it. */
const RECENT_HISTORY = 5;

/** The USD value x 10 a deposit would buy (1 USD = 10 rolls), or the rolls a purchase asked for. */
function suggestedDiceRolls(row: AdminTxRow): number | null {
  if (row.source !== 'request') return null;
  if (row.type === 'purchase') return row.diceRollsRequested;
  if (row.type === 'deposit' && row.usdValue !== null) return Math.floor(row.usdValue * DICE_PER_USD + 1e-9);
  return null;
}

/** The most a pending deposit or purchase credits without a reason, at its recorded USD value. */
function boundOf(row: AdminTxRow, gogoPriceUsd: number | undefined): AdminTransaction['approvalBound'] {
  if (row.source !== 'request' || row.type === 'withdrawal' || row.status !== 'pending' || gogoPriceUsd === undefined) {
    return null;
  }
  const bound = approvalBound(row.usdValue, gogoPriceUsd);
  return bound && row.usdValue !== null ? { usdValue: row.usdValue, ...bound } : null;
}

/** What an approval is weighed against: a deposit's coin at the latest price, one GOGO at launch price. */
function approvalValueOf(deps: { prices?: PriceProvider; gogoPriceUsd?: number }): ApprovalValue {
  return {
    gogoPriceUsd: deps.gogoPriceUsd ?? LAUNCH_PRICE_USD,
    usdNow: async (row) => {
      const coin = row.cryptoType;
      if (!deps.prices || !coin || !isCryptoType(coin)) return null;
      const price = (await deps.prices.latest())?.pricesUsd[priceKeyOf(coin)];
      return price ? usdValueOf(row.amount, price) : null;
    },
  };
}

export function toAdminTx(row: AdminTxRow, now: number, gogoPriceUsd?: number): AdminTransaction {
  const missing = row.username === null;
  const user = { id: row.userId, username: row.username ?? '', email: row.email ?? '' };
  return {
    ...toTransactionDto(row, user, now),
    userMissing: missing,
    usdValue: row.usdValue,
    cryptoAmount: row.cryptoAmount,
    suggestedDiceRolls: suggestedDiceRolls(row),
    approvalBound: boundOf(row, gogoPriceUsd),
    diceRollsCredited: row.diceRollsCredited,
    gogoCredited: row.gogoCredited,
    reviewedBy: row.reviewedBy === null ? null : { id: row.reviewedBy, username: row.reviewerName ?? '' },
    reviewedAt: toIso(row.reviewedAt),
  };
}

const toHoldings = (h: HoldingsRow | undefined): PlayerHoldings | null =>
  h
    ? {
        balance: h.balance,
        diceRollsRemaining: h.dice,
        ledgerBalance: h.ledgerGogo,
        pendingWithdrawals: h.pendingWithdrawals,
      }
    : null;

/** The holdings of a queue row, or null when its player never played (or no longer exists). */
const queueHoldings = (r: QueueRow): HoldingsRow | undefined =>
  r.holdingsUserId === null
    ? undefined
    : {
        userId: r.holdingsUserId,
        balance: r.balance,
        dice: r.dice,
        ledgerGogo: r.ledgerGogo,
        pendingWithdrawals: r.pendingWithdrawals,
      };

const holdingsAudit = (h: HoldingsRow | undefined) =>
  h ? { balance: h.balance, diceRollsRemaining: h.dice } : { balance: null, diceRollsRemaining: null };

/**
 * An ETH, USDT or USDC withdrawal is paid only with a transaction the chain shows paying the
 * requested address that amount, with the confirmations; asked before the review's transaction.
 */
async function checkedPayout(
  deps: { database: Database; treasury: Treasury; payouts?: PayoutCheck },
  body: ApproveWithdrawalBody,
) {
  const { database, treasury, payouts } = deps;
  const row = payouts ? await findMoneyRequest(database.read, body.transactionId) : undefined;
  if (!payouts || !row || row.type !== 'withdrawal' || row.status !== 'pending') return null;
  const coin = row.cryptoType ?? '';
  if (!payouts.isAutomatic(coin)) return null;
  // The payout is the quote at today's price; an amount the admin states must be that quote (give
  // or take the price's move since it was shown).
  const quoted = (await treasury.quoteUnits({ amount: row.amount, cryptoType: coin })).units;
  const stated = body.cryptoAmount ? toMinorUnits(Number(body.cryptoAmount)) : null;
  if (stated !== null && quoted !== null && !matchesQuote(stated, quoted)) {
    throw new AppError(
      422,
      TreasuryErrorCode.PAYOUT_NOT_QUOTED,
      treasuryText.notQuoted(body.cryptoAmount ?? '', formatUnits(quoted), coin),
      { field: 'cryptoAmount' },
    );
  }
  const amountUnits = stated ?? quoted;
  if (!body.transactionHash || amountUnits === null || amountUnits <= 0) {
    throw new AppError(400, ChainErrorCode.PAYOUT_HASH_REQUIRED, chainText.payoutHashRequired(coin), {
      field: body.transactionHash ? 'cryptoAmount' : 'transactionHash',
    });
  }
  let problem: string | null;
  try {
    problem = await payouts.check({
      coin: coin as ChainCoin,
      txHash: body.transactionHash,
      to: row.cryptoAddress ?? '',
      amountUnits,
    });
  } catch {
    throw new AppError(503, ChainErrorCode.CHAIN_UNAVAILABLE, chainText.rpcUnavailable);
  }
  if (problem) throw new AppError(422, ChainErrorCode.PAYOUT_NOT_VERIFIED, problem, { field: 'transactionHash' });
  return { txHash: body.transactionHash, coin, cryptoAmountUnits: amountUnits };
}

type ReviewAction = 'approve_deposit' | 'reject_deposit' | 'approve_withdrawal' | 'reject_withdrawal';

/**
 * The admin's side of money: the review queues, the reviews and All Transactions. The state machine
 * itself (409 once a request left pending, credits, holds and refunds) is the money module's; this
 * wraps each review in one transaction with its audit row.
 */
export function createAdminMoneyService(deps: {
  database: Database;
  clock: Clock;
  treasury: Treasury;
  payouts?: PayoutCheck;
  /** Prices for an approval's bound (a deposit's value when credited); absent: the value at request. */
  prices?: PriceProvider;
  /** The price of one GOGO that bounds an approval's GOGO (LAUNCH_PRICE_USD). */
  gogoPriceUsd?: number;
}) {
  const { database, clock, treasury } = deps;
  const approvalValue = approvalValueOf(deps);

  async function review(
    adminId: number,
    action: ReviewAction,
    transactionId: number,
    ip: string,
    apply: (tx: Tx, now: number) => Promise<MoneyTxRow>,
    noted: Record<string, unknown> = {},
  ): Promise<ReviewResult> {
    const now = clock();
    return database.write(async (tx) => {
      const before = await findMoneyRequest(tx, transactionId);
      // The player's row is locked before "before" is read, so the audit shows what the review changed.
      if (before) await repo.lockExistingState(tx, before.userId);
      const heldBefore = before ? await repo.holdings(tx, before.userId) : undefined;
      const closed = await apply(tx, now); // throws 404 / 409 / 400 and rolls everything back
      const heldAfter = await repo.holdings(tx, closed.userId);
      await writeAudit(
        tx,
        {
          adminId,
          action,
          targetUserId: closed.userId,
          targetType: 'money_tx',
          targetId: closed.id,
          before: { status: before?.status ?? null, ...holdingsAudit(heldBefore) },
          after: {
            status: closed.status,
            ...holdingsAudit(heldAfter),
            diceRollsCredited: closed.diceRollsCredited,
            gogoCredited: closed.gogoCredited,
            adminNote: closed.adminNote,
            reason: closed.reason,
            ...noted,
          },
          ip,
        },
        now,
      );
      const row = await repo.findAdminTx(tx, closed.id);
      if (!row) throw new Error(`money request ${closed.id} vanished inside its review`);
      return { transaction: toAdminTx(row, now), player: toHoldings(heldAfter) };
    });
  }

  return {
    ...createAdminMoneyReads(deps),
    approveDeposit(adminId: number, body: ApproveDepositBody, ip: string): Promise<ReviewResult> {
      const reason = body.reason?.trim() || null;
      const input = {
        transactionId: body.transactionId,
        adminId,
        diceRollsCount: body.diceRollsCount ?? Number.NaN,
        gogoAmount: body.gogoAmount ?? null,
        adminNote: body.adminNote ?? null,
        reason,
      };
      // A reason lets an approval credit more than the payment is worth: the audit row keeps it.
      const noted = reason ? { overBoundReason: reason } : {};
      const apply = (tx: Tx, now: number) => approveDeposit(tx, input, now, approvalValue);
      return review(adminId, 'approve_deposit', body.transactionId, ip, apply, noted);
    },

    rejectDeposit(adminId: number, body: RejectBody, ip: string): Promise<ReviewResult> {
      return review(adminId, 'reject_deposit', body.transactionId, ip, (tx, now) =>
        rejectDeposit(tx, { transactionId: body.transactionId, adminId, reason: body.reason }, now),
      );
    },

    async approveWithdrawal(adminId: number, body: ApproveWithdrawalBody, ip: string): Promise<ReviewResult> {
      const payout = await checkedPayout(deps, body);
      return review(adminId, 'approve_withdrawal', body.transactionId, ip, async (tx, now) => {
        // Within today's payout budget (WITHDRAW_DAILY_BUDGET_USD), or it waits in the queue.
        const request = await findMoneyRequest(tx, body.transactionId);
        const paidUnits =
          request?.type === 'withdrawal' && request.status === 'pending'
            ? await treasury.reserveBudget(tx, request.amount, now)
            : null;
        const closed = await approveWithdrawal(
          tx,
          { transactionId: body.transactionId, adminId, adminNote: body.adminNote ?? null },
          now,
        );
        if (payout) await recordPayout(tx, closed.id, payout);
        if (paidUnits !== null) await recordPaidValue(tx, closed.id, paidUnits);
        return closed;
      });
    },

    rejectWithdrawal(adminId: number, body: RejectBody, ip: string): Promise<ReviewResult> {
      return review(adminId, 'reject_withdrawal', body.transactionId, ip, (tx, now) =>
        rejectWithdrawal(tx, { transactionId: body.transactionId, adminId, reason: body.reason }, now),
      );
    },

    /**
     * Pending deposits and purchases whose player no longer exists become `failed` (docs/adr, 'Every
     * change of value is a ledger row'). Each is audited, and so is the sweep itself, even when it finds
     * nothing.
     */
    async cleanupCorruptedDeposits(adminId: number, ip: string): Promise<CleanupResult> {
      const now = clock();
      return database.write(async (tx) => {
        const rows = await repo.corruptedPendingDeposits(tx);
        const ids: number[] = [];
        for (const r of rows) {
          if (!(await failCorruptedRequest(tx, r.id, adminId, now))) continue;
          ids.push(r.id);
          await writeAudit(
            tx,
            {
              adminId,
              action: 'fail_corrupted_deposit',
              targetUserId: r.userId,
              targetType: 'money_tx',
              targetId: r.id,
              before: { status: 'pending', type: r.type, amount: r.amount, currency: r.currency },
              after: { status: 'failed', reason: moneyText.corruptedDeposit },
              ip,
            },
            now,
          );
        }
        await writeAudit(
          tx,
          { adminId, action: 'cleanup_corrupted_deposits', after: { cleaned: ids.length, transactionIds: ids }, ip },
          now,
        );
        return { cleaned: ids.length, transactionIds: ids };
      });
    },
  };
}

/** The admin's money lists: the two review queues and All Transactions. */
function createAdminMoneyReads(deps: { database: Database; clock: Clock; treasury: Treasury; gogoPriceUsd?: number }) {
  const { database, clock, treasury } = deps;

  return {
    async pendingDeposits(query: { limit?: number }): Promise<PendingDepositsResult> {
      const now = clock();
      const { rows, total } = await repo.pendingQueue(database.read, 'credit', query.limit ?? ADMIN_DEFAULT_LIMIT);
      return {
        pendingDeposits: rows.map((r) => ({
          ...toAdminTx(r, now, deps.gogoPriceUsd ?? LAUNCH_PRICE_USD),
          player: toHoldings(queueHoldings(r)),
        })),
        total,
      };
    },

    async pendingWithdrawals(query: { limit?: number }): Promise<PendingWithdrawalsResult> {
      const now = clock();
      const { rows, total } = await repo.pendingQueue(database.read, 'withdrawal', query.limit ?? ADMIN_DEFAULT_LIMIT);
      const histories = new Map<number, ReturnType<typeof toTransactionDto>[]>();
      for (const r of rows) {
        if (histories.has(r.userId) || r.username === null) continue;
        const user = { id: r.userId, username: r.username, email: r.email ?? '' };
        const recent = await moneyHistory(database.read, r.userId, RECENT_HISTORY, 0);
        histories.set(
          r.userId,
          recent.map((h) => toTransactionDto(h, user, now)),
        );
      }
      // Quoted oldest first, so that the budget goes to the requests that waited longest.
      const quotes = await treasury.quoteAll(rows, now);
      return {
        pendingWithdrawals: rows.map((r, i) => ({
          ...toAdminTx(r, now),
          player: toHoldings(queueHoldings(r)),
          recentHistory: histories.get(r.userId) ?? [],
          quote: quotes[i]!,
        })),
        total,
      };
    },

    async allTransactions(query: AllTransactionsQuery): Promise<AllTransactionsResult> {
      const now = clock();
      const { page, limit, offset } = paging(query);
      const { start, end } = parseDateRange(query.startDate, query.endDate);
      const filter = { type: query.type, status: query.status, from: start, to: end, userId: query.userId };
      const rows = await repo.transactionsPage(database.read, filter, limit, offset);
      const buckets = await repo.transactionBuckets(database.read, filter);
      const summary: TransactionSummary = { totalTransactions: 0, totalAmount: 0, byType: {}, byCurrency: {} };
      for (const b of buckets) {
        summary.totalTransactions += b.n;
        const byType = (summary.byType[b.type] ??= { count: 0, amount: 0 });
        byType.count += b.n;
        const byCurrency = (summary.byCurrency[b.currency] ??= { count: 0, amount: 0 });
        byCurrency.count += b.n;
        byCurrency.amount = Math.round((byCurrency.amount + b.amount) * 1e8) / 1e8;
        if (b.currency === 'GOGO') {
          byType.amount += b.amount;
          summary.totalAmount += b.moved;
        }
      }
      return {
        allTransactions: rows.map((r) => toAdminTx(r, now)),
        summary,
        pagination: pagination(page, limit, summary.totalTransactions),
      };
    },
  };
}

export type AdminMoneyService = ReturnType<typeof createAdminMoneyService>;
