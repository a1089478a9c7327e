import { TRANSACTIONS_DEFAULT_LIMIT, TRANSACTIONS_MAX_LIMIT, type TransactionDto } from '@gogo/shared/api';
import { arrivalText, depositValueText } from '@gogo/shared/messages';
import {
  describeLedgerReason,
  formatTimeAgo,
  formatTransactionAmount,
  fromMinorUnits,
  isBelowMinimumDeposit,
} from '@gogo/shared/rules';
import type { HistoryRow } from './repo.js';
import { checksummed } from '../../lib/evm-address.js';

/** The history rows as the API answers them (the player's list and the admin's lists). */
function describeRequest(row: HistoryRow, formatted: string): string {
  if (row.type === 'deposit') {
    // A credited deposit below the minimum says so: it does not unlock GOGO won with free dice.
    const credited = row.status === 'approved' || row.status === 'completed';
    const usdValue =
      row.usdValueUnits === null || row.usdValueUnits === undefined ? null : fromMinorUnits(Number(row.usdValueUnits));
    const dust = credited && usdValue !== null && isBelowMinimumDeposit({ kind: 'deposit', usdValue });
    const dice = row.status === 'approved' ? (row.diceRollsRequested ?? 0) : 0;
    const text = dice > 0 ? arrivalText.depositRow(formatted, dice) : `Deposit of ${formatted}`;
    return `${text}${dust ? ` (${depositValueText.belowMinimum})` : ''}`;
  }
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
    transactionId: isRequest ? row.id : null,
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
      cryptoAddress: checksummed(row.cryptoAddress),
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
