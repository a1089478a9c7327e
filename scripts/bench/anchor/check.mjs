// The anchor's ledger audit: cached balance and dice against the sums of the ledger rows.

/** Both engines accept this text. */
export const CHECK_SQL = `SELECT g.user_id AS "userId", g.balance AS balance, g.dice AS dice,
  coalesce(sum(CASE WHEN l.asset = 'GOGO' THEN l.amount ELSE 0 END), 0) AS "ledgerGogo",
  coalesce(sum(CASE WHEN l.asset = 'DICE' THEN l.amount ELSE 0 END), 0) AS "ledgerDice"
  FROM game_states g LEFT JOIN ledger_entries l ON l.user_id = g.user_id
  GROUP BY g.user_id, g.balance, g.dice`;

/**
 * @param {{ rows: any[], rolls: number }} raw
 * @returns {{ ok: boolean, players: number, rolls: number, drift: unknown[], negative: number }}
 */
export function summarize({ rows, rolls }) {
  const drift = rows
    .filter((r) => Number(r.balance) !== Number(r.ledgerGogo) || Number(r.dice) !== Number(r.ledgerDice))
    .map((r) => ({ userId: r.userId, cached: [r.balance, r.dice], ledger: [r.ledgerGogo, r.ledgerDice] }));
  const negative = rows.filter((r) => Number(r.balance) < 0 || Number(r.dice) < 0).length;
  return { ok: drift.length === 0 && negative === 0, players: rows.length, rolls, drift, negative };
}
