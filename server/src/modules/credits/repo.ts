import { fromMinorUnits } from '@gogo/shared/rules';
import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';

/** Reference of the ledger entries a money request causes (holds, refunds, approved credits). */
export const MONEY_TX_REF = 'money_tx';

type StoredMoneyTx = Row<'moneyTransactions'>;
export type MoneyTxType = StoredMoneyTx['type'];
export type MoneyTxStatus = StoredMoneyTx['status'];

/** A money request as services see it: amounts in their unit (decoded from minor units). */
export type MoneyTxRow = Omit<StoredMoneyTx, 'amountUnits' | 'cryptoAmountUnits' | 'usdValueUnits'> & {
  amount: number;
  cryptoAmount: number | null;
  usdValue: number | null;
};

/** A new money request; amounts already in minor units (toMinorUnits). */
export type NewMoneyTx = Pick<
  StoredMoneyTx,
  | 'userId'
  | 'type'
  | 'amountUnits'
  | 'currency'
  | 'cryptoType'
  | 'cryptoAmountUnits'
  | 'usdValueUnits'
  | 'cryptoAddress'
  | 'txHash'
  | 'hashCurrency'
  | 'reference'
  | 'note'
  | 'diceRollsRequested'
> & { now: number };

/** How a request leaves `pending`: the fields a review sets (null where it sets nothing). */
export interface Closing {
  status: Exclude<MoneyTxStatus, 'pending'>;
  reason: string | null;
  adminNote: string | null;
  diceRollsCredited: number | null;
  gogoCredited: number | null;
  /** The admin; null for a deposit the chain watcher credited by itself. */
  reviewedBy: number | null;
}

/** One row of the merged history: a money request or a ledger entry. */
export interface HistoryRow {
  source: 'request' | 'ledger';
  id: number;
  type: string;
  amount: number;
  currency: string;
  status: string;
  createdAt: number;
  cryptoType: string | null;
  cryptoAddress: string | null;
  reference: string | null;
  note: string | null;
  txHash: string | null;
  diceRollsRequested: number | null;
  adminNote: string | null;
  rejectReason: string | null;
  ledgerReason: string | null;
  /** A request's USD value when credited (minor units); null for ledger rows. */
  usdValueUnits: number | null;
}

const decodeMoneyTx = ({ amountUnits, cryptoAmountUnits, usdValueUnits, ...rest }: StoredMoneyTx): MoneyTxRow => ({
  ...rest,
  amount: fromMinorUnits(amountUnits),
  cryptoAmount: cryptoAmountUnits === null ? null : fromMinorUnits(cryptoAmountUnits),
  usdValue: usdValueUnits === null ? null : fromMinorUnits(usdValueUnits),
});

/** A history row read with a request's amount in minor units: its amount in its unit. */
export const decodeHistoryRow = <T extends HistoryRow>(row: T): T =>
  row.source === 'request' ? { ...row, amount: fromMinorUnits(row.amount) } : row;

const MONEY_TX_COLUMNS = `id, user_id AS "userId", type, amount_units AS "amountUnits", currency,
  crypto_type AS "cryptoType", crypto_amount_units AS "cryptoAmountUnits", usd_value_units AS "usdValueUnits",
  crypto_address AS "cryptoAddress", tx_hash AS "txHash", hash_currency AS "hashCurrency", reference, note,
  dice_rolls_requested AS "diceRollsRequested", status, dice_rolls_credited AS "diceRollsCredited",
  gogo_credited AS "gogoCredited", admin_note AS "adminNote", reason, reviewed_by AS "reviewedBy",
  reviewed_at AS "reviewedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

// Withdrawals are whole GOGO: their minor units divide exactly, in SQL, before reaching a number.
const selectPendingWithdrawn = sql<{ userId: number }, { gogo: number }>(
  `SELECT CAST(coalesce(sum(amount_units), 0) AS BIGINT) / 100000000 AS gogo FROM money_transactions
   WHERE user_id = :userId AND type = 'withdrawal' AND status = 'pending'`,
);
const insertMoneyTx = sql<NewMoneyTx, { id: number }>(
  `INSERT INTO money_transactions (user_id, type, amount_units, currency, crypto_type, crypto_amount_units,
     usd_value_units, crypto_address, tx_hash, hash_currency, reference, note, dice_rolls_requested, status,
     created_at, updated_at)
   VALUES (:userId, :type, :amountUnits, :currency, :cryptoType, :cryptoAmountUnits, :usdValueUnits,
     :cryptoAddress, :txHash, :hashCurrency, :reference, :note, :diceRollsRequested, 'pending', :now, :now)
   RETURNING id`,
);
const selectMoneyTx = sql<{ id: number }, StoredMoneyTx>(
  `SELECT ${MONEY_TX_COLUMNS} FROM money_transactions WHERE id = :id`,
);
// Leaves `pending` only from `pending`: 0 rows changed means another review won.
const closeMoneyTx = sql<Omit<Closing, 'diceRollsCredited'> & { id: number; dice: number | null; now: number }>(
  `UPDATE money_transactions SET status = :status, reason = :reason, admin_note = :adminNote,
     dice_rolls_credited = :dice, gogo_credited = :gogoCredited, reviewed_by = :reviewedBy,
     reviewed_at = :now, updated_at = :now
   WHERE id = :id AND status = 'pending'`,
);
// A deposit's USD value is the one at its approval (what the free-play unlock counts).
const setUsdValue = sql<{ id: number; units: number }>(
  `UPDATE money_transactions SET usd_value_units = :units WHERE id = :id AND status = 'pending'`,
);
// A spend claims its key first: the unique (user_id, key) index lets one request per key through.
const claimKey = sql<{ userId: number; key: string; requestHash: string; now: number }>(
  `INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
   VALUES (:userId, :key, :requestHash, 200, 'null', :now) ON CONFLICT (user_id, key) DO NOTHING`,
);
const selectKey = sql<{ userId: number; key: string }, { requestHash: string; response: string }>(
  'SELECT request_hash AS "requestHash", response FROM idempotency_keys WHERE user_id = :userId AND key = :key',
);
const storeKeyResponse = sql<{ userId: number; key: string; response: string }>(
  'UPDATE idempotency_keys SET response = :response WHERE user_id = :userId AND key = :key',
);

/**
 * The player's history, newest first: money requests, plus the ledger entries that are not already
 * shown by a request (a request's hold and approved credits are its own row; its refund is shown)
 * and not the one-die spend of every roll (the roll itself is not a money event). A request's amount
 * comes in minor units (decodeHistoryRow).
 */
const selectHistory = sql<{ userId: number; limit: number; offset: number }, HistoryRow>(
  `SELECT 'request' AS source, id, type, amount_units AS amount, currency, status, created_at AS "createdAt",
          crypto_type AS "cryptoType", crypto_address AS "cryptoAddress", reference, note, tx_hash AS "txHash",
          coalesce(dice_rolls_credited, dice_rolls_requested) AS "diceRollsRequested", admin_note AS "adminNote",
          reason AS "rejectReason", NULL AS "ledgerReason", usd_value_units AS "usdValueUnits"
     FROM money_transactions WHERE user_id = :userId
   UNION ALL
   SELECT 'ledger', id, type, amount, asset, 'completed', created_at,
          NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, reason, NULL
     FROM ledger_entries
    WHERE user_id = :userId
      AND NOT (asset = 'DICE' AND reason = 'roll')
      AND (ref_type IS NULL OR ref_type <> '${MONEY_TX_REF}' OR type = 'refund')
   ORDER BY "createdAt" DESC, source DESC, id DESC
   LIMIT :limit OFFSET :offset`,
);

/** One money request of the player as a history row (what a realtime `transaction` event sends). */
const selectHistoryRequest = sql<{ userId: number; id: number }, HistoryRow>(
  `SELECT 'request' AS source, id, type, amount_units AS amount, currency, status, created_at AS "createdAt",
          crypto_type AS "cryptoType", crypto_address AS "cryptoAddress", reference, note, tx_hash AS "txHash",
          coalesce(dice_rolls_credited, dice_rolls_requested) AS "diceRollsRequested", admin_note AS "adminNote",
          reason AS "rejectReason", NULL AS "ledgerReason", usd_value_units AS "usdValueUnits"
     FROM money_transactions WHERE id = :id AND user_id = :userId`,
);

// A paid withdrawal keeps the payout's hash: the (currency, hash) unique index refuses one hash for two payouts.
const recordPayout = sql<{ id: number; txHash: string; coin: string; cryptoAmountUnits: number }>(
  `UPDATE money_transactions SET tx_hash = :txHash, hash_currency = :coin, crypto_amount_units = :cryptoAmountUnits
   WHERE id = :id AND type = 'withdrawal'`,
);

// A paid withdrawal keeps its USD value at the redemption price: the treasury's withdrawals paid.
const recordPaidValue = sql<{ id: number; usdValueUnits: number }>(
  `UPDATE money_transactions SET usd_value_units = :usdValueUnits WHERE id = :id AND type = 'withdrawal'`,
);

/** Every query of the money domain, each on the transaction (or reader) it is given. */
export const creditsRepo = {
  /** Whole GOGO held by the player's pending withdrawals. */
  async pendingWithdrawalTotal(q: Queryable, userId: number): Promise<number> {
    return (await q.get(selectPendingWithdrawn, { userId }))?.gogo ?? 0;
  },

  /** Inserts a request; a transaction hash already claimed in its currency throws a unique violation. */
  async insertMoneyTx(tx: Tx, row: NewMoneyTx): Promise<number> {
    const inserted = await tx.get(insertMoneyTx, row);
    if (!inserted) throw new Error('money request insert returned no id');
    return inserted.id;
  },

  async findMoneyTx(q: Queryable, id: number): Promise<MoneyTxRow | undefined> {
    const row = await q.get(selectMoneyTx, { id });
    return row && decodeMoneyTx(row);
  },

  /** The number of rows changed: 0 when the request already left `pending`. */
  closeMoneyTx: (tx: Tx, id: number, closing: Closing, now: number) =>
    tx.run(closeMoneyTx, {
      id,
      status: closing.status,
      reason: closing.reason,
      adminNote: closing.adminNote,
      dice: closing.diceRollsCredited,
      gogoCredited: closing.gogoCredited,
      reviewedBy: closing.reviewedBy,
      now,
    }),

  setUsdValue: (tx: Tx, id: number, units: number) => tx.run(setUsdValue, { id, units }),

  recordPayout: (tx: Tx, id: number, txHash: string, coin: string, cryptoAmountUnits: number) =>
    tx.run(recordPayout, { id, txHash, coin, cryptoAmountUnits }),
  recordPaidValue: (tx: Tx, id: number, usdValueUnits: number) => tx.run(recordPaidValue, { id, usdValueUnits }),

  /** True when this request claimed the key; false when the key was already used. */
  async claimIdempotencyKey(tx: Tx, userId: number, key: string, requestHash: string, now: number) {
    return (await tx.run(claimKey, { userId, key, requestHash, now })) === 1;
  },

  findIdempotencyKey: (q: Queryable, userId: number, key: string) => q.get(selectKey, { userId, key }),

  storeIdempotentResponse: (tx: Tx, userId: number, key: string, response: unknown) =>
    tx.run(storeKeyResponse, { userId, key, response: JSON.stringify(response) }),

  async historyRequest(q: Queryable, userId: number, id: number): Promise<HistoryRow | undefined> {
    const row = await q.get(selectHistoryRequest, { userId, id });
    return row && decodeHistoryRow(row);
  },

  async history(q: Queryable, userId: number, limit: number, offset: number): Promise<HistoryRow[]> {
    return (await q.all(selectHistory, { userId, limit, offset })).map(decodeHistoryRow);
  },
};
