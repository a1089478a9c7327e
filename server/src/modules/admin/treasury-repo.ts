import { DICE_PER_USD, MONEY_SCALE } from '@gogo/shared/rules';
import { sql, type Queryable } from '../../db/sql.js';

// The treasury's reads: what the house owes and what moved, per UTC day. Money amounts are summed
// in minor units and divided in SQL to whole cents, so that sums reach TypeScript exact.

const UNITS_PER_CENT = MONEY_SCALE / 100;

export interface OutstandingRow {
  balances: number;
  ledgerBalances: number;
  pendingGogo: number;
  pendingCount: number;
}

export interface CashDayRow {
  day: number;
  /** Cents of the rows whose USD value was recorded. */
  cents: number;
  /** Whole GOGO of the rows without one (withdrawals paid before values were recorded). */
  gogo: number;
}

export interface LedgerDayRow {
  day: number;
  type: string;
  /** The reason with its ids dropped ('tile', 'upgrade', 'achievement:', ...): enough for ledgerKind. */
  reason: string;
  minted: number;
  spent: number;
}

const outstanding = sql<Record<string, never>, OutstandingRow>(
  `SELECT
     (SELECT coalesce(sum(balance), 0) FROM game_states) AS balances,
     (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE asset = 'GOGO') AS "ledgerBalances",
     (SELECT CAST(coalesce(sum(amount_units), 0) AS BIGINT) / ${MONEY_SCALE} FROM money_transactions
       WHERE type = 'withdrawal' AND status = 'pending') AS "pendingGogo",
     (SELECT count(*) FROM money_transactions WHERE type = 'withdrawal' AND status = 'pending') AS "pendingCount"`,
);

const dayOf = (column: string) => `(${column} - CAST(:from AS BIGINT)) / 86400000`;

// A deposit's USD value is what was recorded; a manual deposit without one counts the dice it bought
// (1 USD = 10 dice). Since :from (a UTC midnight); :from = 0 gives the whole history in day 0.. .
const depositsByDay = sql<{ from: number }, CashDayRow>(
  `SELECT ${dayOf('reviewed_at')} AS day,
     CAST(coalesce(sum(coalesce(usd_value_units, dice_rolls_credited * ${MONEY_SCALE / DICE_PER_USD})), 0) AS BIGINT)
       / ${UNITS_PER_CENT} AS cents,
     0 AS gogo
   FROM money_transactions
   WHERE status = 'approved' AND type IN ('deposit', 'purchase') AND reviewed_at >= :from
   GROUP BY ${dayOf('reviewed_at')}`,
);

const withdrawalsByDay = sql<{ from: number }, CashDayRow>(
  `SELECT ${dayOf('reviewed_at')} AS day,
     CAST(coalesce(sum(usd_value_units), 0) AS BIGINT) / ${UNITS_PER_CENT} AS cents,
     CAST(coalesce(sum(CASE WHEN usd_value_units IS NULL THEN amount_units ELSE 0 END), 0) AS BIGINT)
       / ${MONEY_SCALE} AS gogo
   FROM money_transactions
   WHERE status = 'completed' AND type = 'withdrawal' AND reviewed_at >= :from
   GROUP BY ${dayOf('reviewed_at')}`,
);

const REASON_FAMILY = `CASE
  WHEN reason LIKE 'tile:%' THEN 'tile'
  WHEN reason LIKE 'upgrade:%' THEN 'upgrade'
  WHEN reason LIKE 'event_prize:%' THEN 'event_prize'
  WHEN reason LIKE 'achievement:%' THEN 'achievement:'
  WHEN reason LIKE 'level_up:%' THEN 'level_up:'
  WHEN reason LIKE 'board_complete:%' THEN 'board_complete:'
  WHEN reason LIKE 'challenge%' THEN 'challenge'
  ELSE reason END`;

const ledgerByDay = sql<{ from: number }, LedgerDayRow>(
  `SELECT ${dayOf('created_at')} AS day, type, ${REASON_FAMILY} AS reason,
     coalesce(sum(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0) AS minted,
     coalesce(sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END), 0) AS spent
   FROM ledger_entries
   WHERE asset = 'GOGO' AND created_at >= :from
   GROUP BY ${dayOf('created_at')}, type, ${REASON_FAMILY}`,
);

/** Cents of withdrawals completed since :since (today's UTC midnight): what today's budget has paid. */
const paidSince = sql<{ since: number }, { cents: number; gogo: number }>(
  `SELECT CAST(coalesce(sum(usd_value_units), 0) AS BIGINT) / ${UNITS_PER_CENT} AS cents,
     CAST(coalesce(sum(CASE WHEN usd_value_units IS NULL THEN amount_units ELSE 0 END), 0) AS BIGINT)
       / ${MONEY_SCALE} AS gogo
   FROM money_transactions
   WHERE status = 'completed' AND type = 'withdrawal' AND reviewed_at >= :since`,
);

export const treasuryRepo = {
  outstanding: async (q: Queryable): Promise<OutstandingRow> =>
    (await q.get(outstanding, {})) ?? { balances: 0, ledgerBalances: 0, pendingGogo: 0, pendingCount: 0 },

  /** Each series returns only the days that have something (day = index from :from). */
  async days(q: Queryable, from: number) {
    return {
      deposits: await q.all(depositsByDay, { from }),
      withdrawals: await q.all(withdrawalsByDay, { from }),
      ledger: await q.all(ledgerByDay, { from }),
    };
  },

  /** Deposits received and withdrawals paid since the start (one row each, day 0 and on from epoch 0). */
  async allTime(q: Queryable) {
    const sum = (rows: CashDayRow[]) =>
      rows.reduce((acc, r) => ({ cents: acc.cents + r.cents, gogo: acc.gogo + r.gogo }), { cents: 0, gogo: 0 });
    return {
      deposits: sum(await q.all(depositsByDay, { from: 0 })),
      withdrawals: sum(await q.all(withdrawalsByDay, { from: 0 })),
    };
  },

  paidSince: async (q: Queryable, since: number) => (await q.get(paidSince, { since })) ?? { cents: 0, gogo: 0 },
};
