import {
  ADMIN_DEFAULT_LIMIT,
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
import { moneyText } from '@gogo/shared/messages';
import { DICE_PER_USD } from '@gogo/shared/rules';
import type { Database_, Db } from '../../db/client.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { creditsRepo, type MoneyTxRow } from '../credits/repo.js';
import {
  approveDeposit,
  approveWithdrawal,
  rejectDeposit,
  rejectWithdrawal,
  toTransactionDto,
} from '../credits/service.js';
import { writeAudit } from './audit.js';
import type { AdminRepo, AdminTxRow, HoldingsRow } from './repo.js';
import { pagination, paging, parseDateRange } from './service.js';

/** How many history rows a pending withdrawal shows beside it. */
const RECENT_HISTORY = 5;

/** The USD value x 10 a deposit would buy (1 USD = 10 rolls), or the rolls a purchase asked for. */
function suggestedDiceRolls(row: AdminTxRow): number | null {
  if (row.source !== 'request') return null;
  if (row.type === 'purchase') return row.diceRollsRequested;
  if (row.type === 'deposit' && row.usdValue !== null) return Math.floor(row.usdValue * DICE_PER_USD + 1e-9);
  return null;
}

export function toAdminTx(row: AdminTxRow, now: number): AdminTransaction {
  const missing = row.username === null;
  const user = { id: row.userId, username: row.username ?? '', email: row.email ?? '' };
  return {
    ...toTransactionDto(row, user, now),
    userMissing: missing,
    usdValue: row.usdValue,
    cryptoAmount: row.cryptoAmount,
    suggestedDiceRolls: suggestedDiceRolls(row),
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
        pendingWithdrawals: Math.round(h.pendingWithdrawals),
      }
    : null;

const holdingsAudit = (h: HoldingsRow | undefined) =>
  h ? { balance: h.balance, diceRollsRemaining: h.dice } : { balance: null, diceRollsRemaining: null };

type ReviewAction = 'approve_deposit' | 'reject_deposit' | 'approve_withdrawal' | 'reject_withdrawal';

/**
 * The admin's side of money: the review queues, the reviews and All Transactions. The state machine
 * itself (409 once a request left pending, credits, holds and refunds) is the money module's; this
 * wraps each review in one transaction with its audit row.
 */
export function createAdminMoneyService(deps: { database: Database_; repo: AdminRepo; clock: Clock }) {
  const { database, repo, clock } = deps;

  function review(
    adminId: number,
    action: ReviewAction,
    transactionId: number,
    ip: string,
    apply: (db: Db, now: number) => MoneyTxRow,
  ): ReviewResult {
    const now = clock();
    const result = database.legacyWrite((db) => {
      const before = creditsRepo.findMoneyTx(db, transactionId);
      const heldBefore = before ? repo.holdings(db, [before.userId]).get(before.userId) : undefined;
      const closed = apply(db, now); // throws 404 / 409 / 400 and rolls everything back
      const heldAfter = repo.holdings(db, [closed.userId]).get(closed.userId);
      writeAudit(
        db,
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
          },
          ip,
        },
        now,
      );
      return { transaction: toAdminTx(repo.findAdminTx(db, closed.id)!, now), player: toHoldings(heldAfter) };
    });
    return result;
  }

  return {
    pendingDeposits(query: { limit?: number }): PendingDepositsResult {
      const now = clock();
      const { rows, total } = repo.pendingQueue('credit', query.limit ?? ADMIN_DEFAULT_LIMIT);
      const held = repo.holdings(
        database.db,
        rows.map((r) => r.userId),
      );
      return {
        pendingDeposits: rows.map((r) => ({ ...toAdminTx(r, now), player: toHoldings(held.get(r.userId)) })),
        total,
      };
    },

    pendingWithdrawals(query: { limit?: number }): PendingWithdrawalsResult {
      const now = clock();
      const db = database.db;
      const { rows, total } = repo.pendingQueue('withdrawal', query.limit ?? ADMIN_DEFAULT_LIMIT);
      const held = repo.holdings(
        db,
        rows.map((r) => r.userId),
      );
      const histories = new Map<number, ReturnType<typeof toTransactionDto>[]>();
      for (const r of rows) {
        if (histories.has(r.userId) || r.username === null) continue;
        const user = { id: r.userId, username: r.username, email: r.email ?? '' };
        histories.set(
          r.userId,
          creditsRepo.history(db, r.userId, RECENT_HISTORY, 0).map((h) => toTransactionDto(h, user, now)),
        );
      }
      return {
        pendingWithdrawals: rows.map((r) => ({
          ...toAdminTx(r, now),
          player: toHoldings(held.get(r.userId)),
          recentHistory: histories.get(r.userId) ?? [],
        })),
        total,
      };
    },

    approveDeposit(adminId: number, body: ApproveDepositBody, ip: string): ReviewResult {
      return review(adminId, 'approve_deposit', body.transactionId, ip, (db, now) =>
        approveDeposit(
          db,
          {
            transactionId: body.transactionId,
            adminId,
            diceRollsCount: body.diceRollsCount ?? Number.NaN,
            gogoAmount: body.gogoAmount ?? null,
            adminNote: body.adminNote ?? null,
          },
          now,
        ),
      );
    },

    rejectDeposit(adminId: number, body: RejectBody, ip: string): ReviewResult {
      return review(adminId, 'reject_deposit', body.transactionId, ip, (db, now) =>
        rejectDeposit(db, { transactionId: body.transactionId, adminId, reason: body.reason }, now),
      );
    },

    approveWithdrawal(adminId: number, body: ApproveWithdrawalBody, ip: string): ReviewResult {
      return review(adminId, 'approve_withdrawal', body.transactionId, ip, (db, now) =>
        approveWithdrawal(db, { transactionId: body.transactionId, adminId, adminNote: body.adminNote ?? null }, now),
      );
    },

    rejectWithdrawal(adminId: number, body: RejectBody, ip: string): ReviewResult {
      return review(adminId, 'reject_withdrawal', body.transactionId, ip, (db, now) =>
        rejectWithdrawal(db, { transactionId: body.transactionId, adminId, reason: body.reason }, now),
      );
    },

    /**
     * Pending deposits and purchases whose player no longer exists become `failed` (decisions.md
     * section 4). Each is audited, and so is the sweep itself, even when it finds nothing.
     */
    cleanupCorruptedDeposits(adminId: number, ip: string): CleanupResult {
      const now = clock();
      const result = database.legacyWrite((db) => {
        const rows = repo.corruptedPendingDeposits(db);
        const ids: number[] = [];
        for (const r of rows) {
          const changed = creditsRepo.closeMoneyTx(db, r.id, {
            status: 'failed',
            reason: moneyText.corruptedDeposit,
            reviewedBy: adminId,
            reviewedAt: now,
            updatedAt: now,
          });
          if (changed !== 1) continue;
          ids.push(r.id);
          writeAudit(
            db,
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
        writeAudit(
          db,
          { adminId, action: 'cleanup_corrupted_deposits', after: { cleaned: ids.length, transactionIds: ids }, ip },
          now,
        );
        return { cleaned: ids.length, transactionIds: ids };
      });
      return result;
    },

    allTransactions(query: AllTransactionsQuery): AllTransactionsResult {
      const now = clock();
      const { page, limit, offset } = paging(query);
      const { start, end } = parseDateRange(query.startDate, query.endDate);
      const filter = { type: query.type, status: query.status, from: start, to: end, userId: query.userId };
      const rows = repo.transactionsPage(filter, limit, offset);
      const buckets = repo.transactionBuckets(filter);
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
