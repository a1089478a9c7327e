import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameStates, idempotencyKeys, moneyTransactions, users } from '../../db/schema/index.js';

export type MoneyTxRow = typeof moneyTransactions.$inferSelect;
export type NewMoneyTx = typeof moneyTransactions.$inferInsert;

/** Reference of the ledger entries a money request causes (holds, refunds, approved credits). */
export const MONEY_TX_REF = 'money_tx';

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
}

/** Every query of the money domain. Each takes the Db so that it can run inside database.legacyWrite(). */
export const creditsRepo = {
  findUser: (db: Db, id: number) =>
    db.select({ id: users.id, username: users.username, email: users.email }).from(users).where(eq(users.id, id)).get(),

  readBalances: (db: Db, userId: number) =>
    db
      .select({ balance: gameStates.balance, dice: gameStates.diceRollsRemaining })
      .from(gameStates)
      .where(eq(gameStates.userId, userId))
      .get(),

  pendingWithdrawalTotal: (db: Db, userId: number): number =>
    db
      .select({ total: sql<number>`coalesce(sum(${moneyTransactions.amount}), 0)` })
      .from(moneyTransactions)
      .where(
        and(
          eq(moneyTransactions.userId, userId),
          eq(moneyTransactions.type, 'withdrawal'),
          eq(moneyTransactions.status, 'pending'),
        ),
      )
      .get()?.total ?? 0,

  insertMoneyTx: (db: Db, row: NewMoneyTx) => db.insert(moneyTransactions).values(row).returning().get(),

  findMoneyTx: (db: Db, id: number) => db.select().from(moneyTransactions).where(eq(moneyTransactions.id, id)).get(),

  /** Leaves `pending` only from `pending`: the number of rows changed is 0 when another review won. */
  closeMoneyTx: (db: Db, id: number, patch: Partial<NewMoneyTx>) =>
    db
      .update(moneyTransactions)
      .set(patch)
      .where(and(eq(moneyTransactions.id, id), eq(moneyTransactions.status, 'pending')))
      .run().changes,

  findByHash: (db: Db, hashCurrency: string, txHash: string) =>
    db
      .select({ id: moneyTransactions.id })
      .from(moneyTransactions)
      .where(and(eq(moneyTransactions.hashCurrency, hashCurrency), eq(moneyTransactions.txHash, txHash)))
      .get(),

  findIdempotencyKey: (db: Db, userId: number, key: string) =>
    db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .get(),

  insertIdempotencyKey: (db: Db, row: typeof idempotencyKeys.$inferInsert) =>
    db.insert(idempotencyKeys).values(row).run(),

  /**
   * The player's history, newest first: money requests, plus the ledger entries that are not already
   * shown by a request (a request's hold and approved credits are its own row; its refund is shown)
   * and not the one-die spend of every roll (the roll itself is not a money event).
   */
  history: (db: Db, userId: number, limit: number, offset: number): HistoryRow[] =>
    db.all<HistoryRow>(sql`
      SELECT * FROM (
        SELECT 'request' AS source, id, type, amount, currency, status, created_at AS createdAt,
               crypto_type AS cryptoType, crypto_address AS cryptoAddress, reference, note,
               tx_hash AS txHash, coalesce(dice_rolls_credited, dice_rolls_requested) AS diceRollsRequested,
               admin_note AS adminNote, reason AS rejectReason, NULL AS ledgerReason
          FROM money_transactions WHERE user_id = ${userId}
        UNION ALL
        SELECT 'ledger', id, type, amount, asset, 'completed', created_at,
               NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, reason
          FROM ledger_entries
         WHERE user_id = ${userId}
           AND NOT (asset = 'DICE' AND reason = 'roll')
           AND (ref_type IS NULL OR ref_type <> ${MONEY_TX_REF} OR type = 'refund')
      )
      ORDER BY createdAt DESC, source DESC, id DESC
      LIMIT ${limit} OFFSET ${offset}
    `),
};
