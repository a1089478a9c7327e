import type { Statement } from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { initialProgress, type LedgerDelta } from '@gogo/shared/rules';
import type { Db } from '../../db/client.js';
import { gameStates, ledgerEntries } from '../../db/schema/index.js';
import { InsufficientBalanceError, type LedgerRef } from './postings.js';

export type GameStateRow = typeof gameStates.$inferSelect;

// Legacy synchronous ledger over drizzle, kept only while credits and admin move to postings.ts
// (issue 11): the engine modules use postings.ts. Delete this file once nothing imports it.
export { InsufficientBalanceError, type LedgerRef } from './postings.js';

/**
 * The player's game state row, created on first use with the starting dice rolls posted to the
 * ledger (so that even the free starting rolls are explained by a ledger row).
 * Must run inside database.legacyWrite().
 */
export function ensureGameState(db: Db, userId: number, now: number): GameStateRow {
  const existing = db.select().from(gameStates).where(eq(gameStates.userId, userId)).get();
  if (existing) return existing;
  db.insert(gameStates).values({ userId, balance: 0, diceRollsRemaining: 0, createdAt: now, updatedAt: now }).run();
  const start = initialProgress();
  postLedger(
    db,
    userId,
    [{ asset: 'DICE', amount: start.diceRollsRemaining, type: 'reward', reason: 'starting_dice' }],
    now,
  );
  return db.select().from(gameStates).where(eq(gameStates.userId, userId)).get()!;
}

interface LedgerStatements {
  balances: Statement<[number], { balance: number; dice: number }>;
  insert: Statement<[number, string, number, string, string, string | null, number | null, number, number], unknown>;
  update: Statement<[number, number, number, number], unknown>;
}

// Prepared once per connection: postLedger runs in every roll, and building its SQL each time cost
// more than executing it.
const statementsByConnection = new WeakMap<object, LedgerStatements>();

function statements(db: Db): LedgerStatements {
  let prepared = statementsByConnection.get(db.$client);
  if (!prepared) {
    prepared = {
      balances: db.$client.prepare('SELECT balance, dice_rolls_remaining AS dice FROM game_states WHERE user_id = ?'),
      insert: db.$client.prepare(
        `INSERT INTO ledger_entries (user_id, asset, amount, type, reason, ref_type, ref_id, balance_after, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      update: db.$client.prepare(
        'UPDATE game_states SET balance = ?, dice_rolls_remaining = ?, updated_at = ? WHERE user_id = ?',
      ),
    };
    statementsByConnection.set(db.$client, prepared);
  }
  return prepared;
}

/**
 * Writes ledger rows and moves the cached balances by exactly their amounts. The only code that
 * changes game_states.balance or dice_rolls_remaining. Must run inside database.legacyWrite(); throws
 * InsufficientBalanceError (rolling the transaction back) rather than let a balance go negative.
 */
export function postLedger(db: Db, userId: number, deltas: readonly LedgerDelta[], now: number, ref: LedgerRef = {}) {
  if (deltas.length === 0) return;
  const sql = statements(db);
  const row = sql.balances.get(userId);
  if (!row) throw new Error(`no game state for user ${userId}`);
  let balance = row.balance;
  let dice = row.dice;
  for (const delta of deltas) {
    if (!Number.isSafeInteger(delta.amount) || delta.amount === 0) {
      throw new Error(`ledger amounts are non-zero integers, got ${delta.amount}`);
    }
    const before = delta.asset === 'GOGO' ? balance : dice;
    const after = before + delta.amount;
    if (after < 0) throw new InsufficientBalanceError(delta.asset, before, delta.amount);
    if (delta.asset === 'GOGO') balance = after;
    else dice = after;
    sql.insert.run(
      userId,
      delta.asset,
      delta.amount,
      delta.type,
      delta.reason,
      ref.refType ?? null,
      ref.refId ?? null,
      after,
      now,
    );
  }
  sql.update.run(balance, dice, now, userId);
}

/** Sums of a player's ledger per asset: what the cached balances must always equal. */
export function ledgerSums(db: Db, userId: number): { GOGO: number; DICE: number } {
  const rows = db
    .select({ asset: ledgerEntries.asset, total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.asset)
    .all();
  const sums = { GOGO: 0, DICE: 0 };
  for (const r of rows) sums[r.asset] = r.total;
  return sums;
}

/**
 * Sets a player's cached balances to their ledger sums (the admin's "sync balance"). The caches can
 * only drift through a bug or a hand edit of the database; this repairs them without writing a ledger
 * row, because the ledger is the truth and has nothing to explain. Must run inside database.legacyWrite().
 * Returns null when the player has no game state yet (nothing cached, nothing to repair).
 */
export function resyncCachedBalances(
  db: Db,
  userId: number,
  now: number,
): { before: { GOGO: number; DICE: number }; after: { GOGO: number; DICE: number } } | null {
  const row = db
    .select({ balance: gameStates.balance, dice: gameStates.diceRollsRemaining })
    .from(gameStates)
    .where(eq(gameStates.userId, userId))
    .get();
  if (!row) return null;
  const sums = ledgerSums(db, userId);
  if (sums.GOGO < 0 || sums.DICE < 0) throw new Error(`ledger of user ${userId} sums below zero`);
  if (row.balance !== sums.GOGO || row.dice !== sums.DICE) {
    db.update(gameStates)
      .set({ balance: sums.GOGO, diceRollsRemaining: sums.DICE, updatedAt: now })
      .where(eq(gameStates.userId, userId))
      .run();
  }
  return { before: { GOGO: row.balance, DICE: row.dice }, after: sums };
}
