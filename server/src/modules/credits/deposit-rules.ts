import { RiskErrorCode } from '@gogo/shared/api';
import { inputRuleText, txReferenceShapeText } from '@gogo/shared/messages';
import { isPlausibleTxReference, normalizeTxHash, type CryptoType } from '@gogo/shared/rules';
import { sql, type Tx } from '../../db/sql.js';
import { AppError } from '../../lib/errors.js';
import { accounts } from '../auth/index.js';

const refused = (status: number, code: string, message: string, field: string) =>
  new AppError(status, code, message, { field });

type HashFields = { reference?: string | null; transactionHash?: string | null; solTxSignature?: string | null };

/**
 * The reference of a deposit (or the transactionHash / solTxSignature of the other body forms)
 * holds the transfer's transaction id in its coin's shape; all of them given must name one transaction.
 * `required` is false for dice purchases, which may be asked for before the transfer is sent.
 */
export function readTxReference(
  coin: CryptoType | null,
  body: HashFields,
  required: boolean,
): { reference: string; txHash: string } | null {
  const given = (['reference', 'transactionHash', 'solTxSignature'] as const)
    .map((field) => ({ field, value: body[field]?.trim() ?? '' }))
    .filter((g) => g.value !== '');
  if (given.length === 0) {
    if (required) throw refused(400, RiskErrorCode.INVALID_REFERENCE, inputRuleText.referenceRequired, 'reference');
    return null;
  }
  for (const g of given) {
    const plausible = coin ? isPlausibleTxReference(coin, g.value) : normalizeTxHash(g.value) !== null;
    if (!plausible) {
      const text = coin
        ? inputRuleText.referenceShape(coin, txReferenceShapeText(coin))
        : inputRuleText.referenceRequired;
      throw refused(400, RiskErrorCode.INVALID_REFERENCE, text, g.field);
    }
  }
  const hashes = new Set(given.map((g) => normalizeTxHash(g.value)));
  if (hashes.size > 1)
    throw refused(400, RiskErrorCode.INVALID_REFERENCE, inputRuleText.referenceMismatch, 'reference');
  return { reference: given[0]!.value, txHash: normalizeTxHash(given[0]!.value)! };
}

// Served by money_tx_user_time (user_id, created_at).
const pendingMoneyIn = sql<{ userId: number }, { n: number }>(
  `SELECT count(*) AS n FROM money_transactions
   WHERE user_id = :userId AND type IN ('deposit', 'purchase') AND status = 'pending'`,
);

/** At most `max` deposit and purchase requests of one player wait for review at once (429). */
export async function assertDepositSlot(tx: Tx, userId: number, max: number): Promise<void> {
  // The player's row, locked so that two requests of one player count each other (PostgreSQL).
  await accounts.lockUser(tx, userId);
  const row = await tx.get(pendingMoneyIn, { userId });
  if (Number(row?.n ?? 0) >= max) {
    throw new AppError(429, RiskErrorCode.TOO_MANY_PENDING_DEPOSITS, inputRuleText.tooManyPendingDeposits(max));
  }
}
