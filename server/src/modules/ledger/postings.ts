import {
  initialProgress,
  refillAnchorAfter,
  refillDice,
  type GameProgress,
  type LedgerDelta,
  type RefillPolicy,
} from '@gogo/shared/rules';
import { sql, write, type Queryable, type Tx, type Write } from '../../db/sql.js';
import { countLedgerPostings } from '../../lib/metrics.js';
import type { Row } from '../../db/schema/rows.js';
import { packMoves, unpackMoves } from './recent-moves.js';

/**
 * The ledger over an explicit transaction (the shape every module follows): statements defined once
 * here, functions that take the `tx` they run in. The only code that changes game_states.balance or
 * dice_rolls_remaining.
 */

/** Thrown when a posting would take a balance below zero: the caller's transaction rolls back. */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly asset: 'GOGO' | 'DICE',
    readonly balance: number,
    readonly amount: number,
  ) {
    super(`${asset} balance ${balance} cannot absorb ${amount}`);
    this.name = 'InsufficientBalanceError';
  }
}

/** What a ledger row belongs to, e.g. ('roll', 42) or ('transaction', 7). */
export interface LedgerRef {
  refType?: string;
  refId?: number;
}

/** A game_states row as services see it (JSON columns decoded): the rules' progress plus its bookkeeping. */
export interface GameState extends GameProgress {
  userId: number;
  lastRollAt: number | null;
  /** The dice refill's anchor (shared/src/rules/dice.ts); null while the dice are at the cap or above. */
  diceRefillAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type StoredState = Row<'gameStates'>;

/** The columns of a game_states row as StoredState names them: for statements that lock it with more (the roll's). */
export const STATE_COLUMNS = `user_id AS "userId", balance, dice_rolls_remaining AS "diceRollsRemaining", position,
  total_rolls AS "totalRolls", total_tokens_earned AS "totalTokensEarned", jackpots_hit AS "jackpotsHit",
  laps_completed AS "lapsCompleted", xp, level, unlocked_achievements AS "unlockedAchievements",
  rewarded_achievements AS "rewardedAchievements", recent_moves AS "recentMoves", last_dice AS "lastDice",
  gain_streak AS "gainStreak", last_roll_at AS "lastRollAt", dice_refill_at AS "diceRefillAt", created_at AS "createdAt", updated_at AS "updatedAt",
  rolls_served AS "rollsServed"`;

const selectState = sql<{ userId: number }, StoredState>(
  `SELECT ${STATE_COLUMNS} FROM game_states WHERE user_id = :userId`,
);
// The lock every value-changing transaction of a player takes first (PostgreSQL; SQLite serialises
// writers anyway): concurrent requests of one player queue here instead of reading stale balances.
const lockState = sql<{ userId: number }, StoredState>(
  `SELECT ${STATE_COLUMNS} FROM game_states WHERE user_id = :userId {forUpdate}`,
);
const insertState = sql<{ userId: number; now: number }>(
  `INSERT INTO game_states (user_id, balance, dice_rolls_remaining, created_at, updated_at)
   VALUES (:userId, 0, 0, :now, :now) ON CONFLICT (user_id) DO NOTHING`,
);
const balances = sql<{ userId: number }, { balance: number; dice: number }>(
  'SELECT balance, dice_rolls_remaining AS dice FROM game_states WHERE user_id = :userId',
);
const insertEntry = sql<Omit<Row<'ledgerEntries'>, 'id' | 'createdAt'> & { now: number }>(
  `INSERT INTO ledger_entries (user_id, asset, amount, type, reason, ref_type, ref_id, balance_after, created_at)
   VALUES (:userId, :asset, :amount, :type, :reason, :refType, :refId, :balanceAfter, :now)`,
);
type EntryFields = Pick<Row<'ledgerEntries'>, 'asset' | 'amount' | 'type' | 'reason' | 'balanceAfter'>;
/**
 * 2 to ENTRY_ROWS_PLAIN rows of one posting (a roll's reward and its die; with the salary, a lap's or
 * a level's dice, a refill) in one plain insert, in the order given: on PostgreSQL cheaper than
 * unpacking a JSON array, which allocates and sorts per statement. Row i's fields are `asset<i>`...
 */
const ENTRY_ROWS_PLAIN = 6;
type EntryRowParams = { [key: string]: string | number | null };
const insertEntryRows: ReadonlyMap<number, ReturnType<typeof sql<EntryRowParams>>> = new Map(
  Array.from({ length: ENTRY_ROWS_PLAIN - 1 }, (_, k) => {
    const n = k + 2;
    const rows = Array.from(
      { length: n },
      (_, i) => `(:userId, :asset${i}, :amount${i}, :type${i}, :reason${i}, :refType, :refId, :balanceAfter${i}, :now)`,
    );
    return [
      n,
      sql<EntryRowParams>(
        `INSERT INTO ledger_entries (user_id, asset, amount, type, reason, ref_type, ref_id, balance_after, created_at)
   VALUES ${rows.join(',\n          ')}`,
      ),
    ] as const;
  }),
);
/**
 * More rows of one posting (a roll that levels up twice, an admin's batch) in ONE insert, in the
 * order given, unpacked from JSON: a player's ledger chain runs by id
 * (balance_after = previous + amount), and the parts of one PostgreSQL statement (Tx.runAll) run in no
 * fixed order, so one insert per row could number them out of order.
 */
const insertEntries = sql<{
  userId: number;
  rows: string;
  refType: string | null;
  refId: number | null;
  now: number;
}>({
  sqlite: `INSERT INTO ledger_entries (user_id, asset, amount, type, reason, ref_type, ref_id, balance_after, created_at)
   SELECT :userId, json_extract(value, '$.asset'), json_extract(value, '$.amount'), json_extract(value, '$.type'),
          json_extract(value, '$.reason'), :refType, :refId, json_extract(value, '$.balanceAfter'), :now
     FROM json_each(:rows) ORDER BY key`,
  postgres: `INSERT INTO ledger_entries (user_id, asset, amount, type, reason, ref_type, ref_id, balance_after, created_at)
   SELECT :userId::bigint, e->>'asset', (e->>'amount')::bigint, e->>'type', e->>'reason', :refType::text,
          :refId::bigint, (e->>'balanceAfter')::bigint, :now::bigint
     FROM json_array_elements(:rows::json) WITH ORDINALITY AS t(e, ord) ORDER BY t.ord`,
});
const updateBalances = sql<{ userId: number; balance: number; dice: number; now: number }>(
  'UPDATE game_states SET balance = :balance, dice_rolls_remaining = :dice, updated_at = :now WHERE user_id = :userId',
);

/** The progress columns of game_states as statements bind them (JSON columns encoded). */
// A type, not an interface: statement parameters need an implicit index signature.
export type ProgressColumns = {
  position: number;
  totalRolls: number;
  totalTokensEarned: number;
  jackpotsHit: number;
  lapsCompleted: number;
  xp: number;
  level: number;
  unlockedAchievements: string;
  rewardedAchievements: string;
  recentMoves: string;
  lastDice: string;
  gainStreak: number;
  lastRollAt: number | null;
  diceRefillAt: number | null;
};

/** Every progress field of a state (never balance or dice: those move with the ledger). */
export function progressColumns(
  p: GameProgress,
  lastRollAt: number | null,
  diceRefillAt: number | null,
): ProgressColumns {
  return {
    position: p.position,
    totalRolls: p.totalRolls,
    totalTokensEarned: p.totalTokensEarned,
    jackpotsHit: p.jackpotsHit,
    lapsCompleted: p.lapsCompleted,
    xp: p.xp,
    level: p.level,
    unlockedAchievements: JSON.stringify(p.unlockedAchievements),
    rewardedAchievements: JSON.stringify(p.rewardedAchievements),
    recentMoves: packMoves(p.recentMoves),
    lastDice: JSON.stringify(p.lastDice),
    gainStreak: p.gainStreak,
    lastRollAt,
    diceRefillAt,
  };
}

/** SET list of the progress columns, shared by the statements that write them. */
export const PROGRESS_SET = `position = :position, total_rolls = :totalRolls,
  total_tokens_earned = :totalTokensEarned, jackpots_hit = :jackpotsHit, laps_completed = :lapsCompleted,
  xp = :xp, level = :level, unlocked_achievements = :unlockedAchievements,
  rewarded_achievements = :rewardedAchievements, recent_moves = :recentMoves, last_dice = :lastDice,
  gain_streak = :gainStreak, last_roll_at = :lastRollAt, dice_refill_at = :diceRefillAt`;

/** A roll's progress: the progress columns and the player's rolls served, this roll counted. */
export type RollColumns = ProgressColumns & { rollsServed: number };

// A roll moves balances, progress and the rolls served together: one UPDATE of the row instead of two.
const updateBalancesAndProgress = sql<RollColumns & { userId: number; balance: number; dice: number; now: number }>(
  `UPDATE game_states SET balance = :balance, dice_rolls_remaining = :dice, ${PROGRESS_SET},
     rolls_served = :rollsServed, updated_at = :now
   WHERE user_id = :userId`,
);
// The game's progress written alone (a reset, a level-up outside a roll): never balance or dice.
const progressUpdate = sql<ProgressColumns & { userId: number; updatedAt: number }>(
  `UPDATE game_states SET ${PROGRESS_SET}, updated_at = :updatedAt WHERE user_id = :userId`,
);
const tokensEarnedAdd = sql<{ userId: number; amount: number; now: number }>(
  `UPDATE game_states SET total_tokens_earned = total_tokens_earned + :amount, updated_at = :now
   WHERE user_id = :userId`,
);
const dicePurchasedSum = sql<{ userId: number }, { purchased: number }>(
  `SELECT coalesce(sum(amount), 0) AS purchased FROM ledger_entries
   WHERE user_id = :userId AND asset = 'DICE' AND amount > 0 AND type IN ('deposit', 'purchase')`,
);

/** Writes every progress field of the state row; never balance or dice (those move with postings). */
export async function saveProgress(
  tx: Tx,
  userId: number,
  p: GameProgress,
  lastRollAt: number | null,
  diceRefillAt: number | null,
  now: number,
): Promise<void> {
  await tx.run(progressUpdate, { ...progressColumns(p, lastRollAt, diceRefillAt), userId, updatedAt: now });
}

/** Counts GOGO earned outside a roll (a daily bonus) into the player's lifetime total. */
export async function addTokensEarned(tx: Tx, userId: number, amount: number, now: number): Promise<void> {
  await tx.run(tokensEarnedAdd, { userId, amount, now });
}

const levelOfPlayer = sql<{ userId: number }, { level: number }>(
  'SELECT level FROM game_states WHERE user_id = :userId',
);

const balancesOfPlayer = sql<{ userId: number }, { balance: number; dice: number }>(
  'SELECT balance, dice_rolls_remaining AS dice FROM game_states WHERE user_id = :userId',
);

/** The player's cached GOGO balance and dice (undefined before their first game action). */
export async function balancesOf(q: Queryable, userId: number): Promise<{ balance: number; dice: number } | undefined> {
  return q.get(balancesOfPlayer, { userId });
}

/** The player's level (1 before their first game action). */
export async function playerLevel(q: Queryable, userId: number): Promise<number> {
  return (await q.get(levelOfPlayer, { userId }))?.level ?? 1;
}

/** Dice rolls credited by deposits and purchases (starting, daily and bench dice are not purchases). */
export async function dicePurchased(q: Queryable, userId: number): Promise<number> {
  return (await q.get(dicePurchasedSum, { userId }))?.purchased ?? 0;
}

const sums = sql<{ userId: number }, { asset: 'GOGO' | 'DICE'; total: number }>(
  'SELECT asset, coalesce(sum(amount), 0) AS total FROM ledger_entries WHERE user_id = :userId GROUP BY asset',
);

export function decodeState(row: StoredState): GameState {
  return {
    ...row,
    unlockedAchievements: JSON.parse(row.unlockedAchievements) as string[],
    rewardedAchievements: JSON.parse(row.rewardedAchievements) as string[],
    recentMoves: unpackMoves(row.recentMoves),
    lastDice: JSON.parse(row.lastDice) as number[],
  };
}

/** The player's game state, or undefined before their first game action. */
export async function readGameState(q: Queryable, userId: number): Promise<GameState | undefined> {
  const row = await q.get(selectState, { userId });
  return row && decodeState(row);
}

/**
 * Locks the player's game state row for the rest of the transaction and returns it, creating it
 * first (with the starting dice posted to the ledger) when the player has none. Call it FIRST in any
 * transaction that changes the player's balance, dice or progress: one lock order, no deadlocks.
 */
export async function lockGameState(tx: Tx, userId: number, now: number): Promise<GameState> {
  const row = await tx.get(lockState, { userId });
  if (row) return decodeState(row);
  // Another transaction may create the row first: then ours inserts nothing and posts nothing.
  const inserted = await tx.run(insertState, { userId, now });
  if (inserted === 1) {
    const start = initialProgress();
    await postLedgerTx(
      tx,
      userId,
      [{ asset: 'DICE', amount: start.diceRollsRemaining, type: 'reward', reason: 'starting_dice' }],
      now,
    );
  }
  const created = await tx.get(lockState, { userId });
  if (!created) throw new Error(`no game state for user ${userId}`);
  return decodeState(created);
}

/**
 * Writes ledger rows and moves the cached balances by exactly their amounts; answers the new
 * balances. Throws
 * InsufficientBalanceError (rolling the transaction back) rather than let a balance go negative.
 * The player's row must be locked in this transaction (lockGameState) on PostgreSQL.
 */
export async function postLedgerTx(
  tx: Tx,
  userId: number,
  deltas: readonly LedgerDelta[],
  now: number,
  ref: LedgerRef = {},
  /** The balances of the row the caller locked in this transaction, as they are now (saves a read). */
  locked?: { balance: number; diceRollsRemaining: number },
  /** The player's new progress (a roll's), written by the same UPDATE as the balances. */
  progress?: RollColumns,
): Promise<{ balance: number; dice: number }> {
  const row = locked
    ? { balance: locked.balance, dice: locked.diceRollsRemaining }
    : await tx.get(balances, { userId });
  if (!row) throw new Error(`no game state for user ${userId}`);
  if (deltas.length === 0 && progress === undefined) return row;
  const plan = planLedgerTx(
    tx,
    userId,
    deltas,
    now,
    ref,
    { balance: row.balance, diceRollsRemaining: row.dice },
    progress,
  );
  await tx.runAll(plan.writes);
  return { balance: plan.balance, dice: plan.dice };
}

/**
 * postLedgerTx's writes without running them, for a caller that sends them together with writes of
 * its own (Tx.runAll: the roll's one statement on PostgreSQL). The caller MUST run every write in
 * `tx` before it commits. Throws InsufficientBalanceError like postLedgerTx.
 */
export function planLedgerTx(
  tx: Tx,
  userId: number,
  deltas: readonly LedgerDelta[],
  now: number,
  ref: LedgerRef,
  /** The balances of the row the caller locked in this transaction, as they are now. */
  locked: { balance: number; diceRollsRemaining: number },
  progress?: RollColumns,
): { writes: Write[]; balance: number; dice: number } {
  let balance = locked.balance;
  let dice = locked.diceRollsRemaining;
  const entries: EntryFields[] = [];
  for (const delta of deltas) {
    if (!Number.isSafeInteger(delta.amount) || delta.amount === 0) {
      throw new Error(`ledger amounts are non-zero integers, got ${delta.amount}`);
    }
    const before = delta.asset === 'GOGO' ? balance : dice;
    const after = before + delta.amount;
    if (after < 0) throw new InsufficientBalanceError(delta.asset, before, delta.amount);
    if (delta.asset === 'GOGO') balance = after;
    else dice = after;
    entries.push({
      asset: delta.asset,
      amount: delta.amount,
      type: delta.type,
      reason: delta.reason,
      balanceAfter: after,
    });
  }
  const refType = ref.refType ?? null;
  const refId = ref.refId ?? null;
  const writes: Write[] = [];
  const plain = insertEntryRows.get(entries.length);
  if (entries.length === 1) writes.push(write(insertEntry, { userId, ...entries[0]!, refType, refId, now }));
  else if (plain !== undefined) writes.push(write(plain, { userId, refType, refId, now, ...numbered(entries) }));
  else if (entries.length > 0)
    writes.push(write(insertEntries, { userId, rows: JSON.stringify(entries), refType, refId, now }));
  writes.push(
    progress
      ? write(updateBalancesAndProgress, { ...progress, userId, balance, dice, now })
      : write(updateBalances, { userId, balance, dice, now }),
  );
  if (deltas.length > 0) tx.afterCommit(() => countLedgerPostings(deltas));
  return { writes, balance, dice };
}

/** Entries' fields as insertEntryRows' parameters: `asset0`, `amount0`, ... `balanceAfter<n-1>`. */
function numbered(entries: readonly EntryFields[]): EntryRowParams {
  const params: EntryRowParams = {};
  entries.forEach((e, i) => {
    params[`asset${i}`] = e.asset;
    params[`amount${i}`] = e.amount;
    params[`type${i}`] = e.type;
    params[`reason${i}`] = e.reason;
    params[`balanceAfter${i}`] = e.balanceAfter;
  });
  return params;
}

const updateRefillAnchor = sql<{ userId: number; anchor: number | null }>(
  'UPDATE game_states SET dice_refill_at = :anchor WHERE user_id = :userId',
);

/**
 * The dice refill due on a locked row (shared/src/rules/dice.ts): its ledger row (a kind of its own,
 * reason 'dice_refill', so balance = sum of ledger still holds) and the anchor it leaves. Applied in
 * the transaction that holds the row's lock, so two requests at the same moment credit it once.
 */
export function planRefill(
  row: { diceRollsRemaining: number; diceRefillAt: number | null },
  now: number,
  policy: RefillPolicy,
): { deltas: LedgerDelta[]; dice: number; anchor: number | null } {
  const r = refillDice({ dice: row.diceRollsRemaining, anchor: row.diceRefillAt }, now, policy);
  const deltas: LedgerDelta[] =
    r.credit > 0 ? [{ asset: 'DICE', amount: r.credit, type: 'reward', reason: 'dice_refill' }] : [];
  return { deltas, dice: r.dice, anchor: r.anchor };
}

/**
 * Posts the refill due on the locked row, runs the caller's postings after it, and stores the anchor
 * the final dice leave (the clock stops at the cap and starts when the dice drop below it).
 */
export async function postWithRefill(
  tx: Tx,
  userId: number,
  locked: GameState,
  deltas: readonly LedgerDelta[],
  now: number,
  ref: LedgerRef,
  policy: RefillPolicy,
): Promise<{ balance: number; dice: number }> {
  const refill = planRefill(locked, now, policy);
  const after = await postLedgerTx(tx, userId, [...refill.deltas, ...deltas], now, ref, locked);
  const anchor = refillAnchorAfter(after.dice, refill.anchor, now, policy.cap);
  if (anchor !== locked.diceRefillAt) await tx.run(updateRefillAnchor, { userId, anchor });
  return after;
}

/** Sums of a player's ledger per asset: what the cached balances must always equal. */
export async function ledgerSumsOf(q: Queryable, userId: number): Promise<{ GOGO: number; DICE: number }> {
  const result = { GOGO: 0, DICE: 0 };
  for (const r of await q.all(sums, { userId })) result[r.asset] = r.total;
  return result;
}

/**
 * Sets a player's cached balances to their ledger sums (the admin's "sync balance") without writing a
 * ledger row: the ledger is the truth and has nothing to explain. Null when the player has no state.
 */
export async function resyncBalances(
  tx: Tx,
  userId: number,
  now: number,
): Promise<{ before: { GOGO: number; DICE: number }; after: { GOGO: number; DICE: number } } | null> {
  const row = await tx.get(lockState, { userId });
  if (!row) return null;
  const after = await ledgerSumsOf(tx, userId);
  if (after.GOGO < 0 || after.DICE < 0) throw new Error(`ledger of user ${userId} sums below zero`);
  if (row.balance !== after.GOGO || row.diceRollsRemaining !== after.DICE) {
    await tx.run(updateBalances, { userId, balance: after.GOGO, dice: after.DICE, now });
  }
  return { before: { GOGO: row.balance, DICE: row.diceRollsRemaining }, after };
}
