import type { TransactionType } from '@gogo/shared/rules';
import { sql, type Params, type Tx } from '../../db/sql.js';
import { countLedgerPostings } from '../../lib/metrics.js';

/**
 * Credits to many players in a few statements (a settlement pays thousands of winners): each
 * statement reads the batch as one JSON parameter, so the cost does not grow with round trips.
 * Same rules as postLedgerTx: one ledger row per asset and player, the cached balance moved by
 * exactly that amount, in the caller's transaction, the players' state rows locked first (in user
 * id order). Credits only (amounts >= 0), one entry per player, players who have a game state.
 */
export interface BatchCredit {
  userId: number;
  gogo: number;
  dice: number;
  reason: string;
}

// The batch as rows: SQLite reads the JSON with json_each, PostgreSQL with jsonb_to_recordset.
const ROWS = {
  sqlite: `(SELECT json_extract(value, '$.userId') AS user_id, json_extract(value, '$.gogo') AS gogo,
             json_extract(value, '$.dice') AS dice, json_extract(value, '$.reason') AS reason
           FROM json_each(:rows))`,
  postgres: `(SELECT * FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(user_id bigint, gogo bigint, dice bigint, reason text))`,
};
const both = <P extends Params>(text: (rows: string) => string) =>
  sql<P>({ sqlite: text(ROWS.sqlite), postgres: text(ROWS.postgres) });

const lockStates = sql<{ rows: string }, { userId: number }>({
  sqlite: `SELECT user_id AS "userId" FROM game_states WHERE user_id IN (SELECT user_id FROM ${ROWS.sqlite} r) ORDER BY user_id`,
  postgres: `SELECT user_id AS "userId" FROM game_states WHERE user_id IN (SELECT user_id FROM ${ROWS.postgres} r)
             ORDER BY user_id FOR UPDATE`,
});
type EntryParams = { rows: string; type: string; refType: string | null; refId: number | null; now: number };
const insertEntries = (asset: 'GOGO' | 'DICE') =>
  both<EntryParams>(
    (
      rows,
    ) => `INSERT INTO ledger_entries (user_id, asset, amount, type, reason, ref_type, ref_id, balance_after, created_at)
     SELECT r.user_id, '${asset}', r.${asset === 'GOGO' ? 'gogo' : 'dice'}, :type, r.reason, :refType, :refId,
            g.${asset === 'GOGO' ? 'balance' : 'dice_rolls_remaining'} + r.${asset === 'GOGO' ? 'gogo' : 'dice'}, :now
       FROM ${rows} r JOIN game_states g ON g.user_id = r.user_id
      WHERE r.${asset === 'GOGO' ? 'gogo' : 'dice'} > 0
      ORDER BY r.user_id`,
  );
const insertGogo = insertEntries('GOGO');
const insertDice = insertEntries('DICE');
const moveBalances = both<{ rows: string; now: number }>(
  (rows) => `UPDATE game_states SET balance = game_states.balance + r.gogo,
     dice_rolls_remaining = game_states.dice_rolls_remaining + r.dice, updated_at = :now
   FROM ${rows} r WHERE game_states.user_id = r.user_id`,
);

/** Posts the credits; answers how many players' states it moved (every player must have one). */
export async function postLedgerBatch(
  tx: Tx,
  credits: readonly BatchCredit[],
  type: TransactionType,
  now: number,
  ref: { refType?: string; refId?: number } = {},
): Promise<number> {
  if (credits.length === 0) return 0;
  const seen = new Set<number>();
  for (const c of credits) {
    if (seen.has(c.userId)) throw new Error(`ledger batch: user ${c.userId} twice`);
    seen.add(c.userId);
    for (const amount of [c.gogo, c.dice]) {
      if (!Number.isSafeInteger(amount) || amount < 0)
        throw new Error(`ledger batch amounts are credits, got ${amount}`);
    }
  }
  const rows = JSON.stringify(
    credits.map(({ userId, gogo, dice, reason }) => ({ userId, user_id: userId, gogo, dice, reason })),
  );
  const locked = await tx.all(lockStates, { rows });
  if (locked.length !== credits.length)
    throw new Error(`ledger batch: ${credits.length - locked.length} players have no game state`);
  const entry = { rows, type, refType: ref.refType ?? null, refId: ref.refId ?? null, now };
  await tx.run(insertGogo, entry);
  await tx.run(insertDice, entry);
  await tx.run(moveBalances, { rows, now });
  tx.afterCommit(() =>
    countLedgerPostings(
      credits.flatMap((c) => [
        ...(c.gogo > 0 ? [{ asset: 'GOGO' as const, amount: c.gogo, type, reason: c.reason }] : []),
        ...(c.dice > 0 ? [{ asset: 'DICE' as const, amount: c.dice, type, reason: c.reason }] : []),
      ]),
    ),
  );
  return locked.length;
}
