import { MONEY_REQUEST_TYPES, MONEY_SCALE, fromMinorUnits } from '@gogo/shared/rules';
import { sql, type Queryable } from '../../db/sql.js';
import { MONEY_TX_REF, decodeHistoryRow, type HistoryRow } from '../credits/index.js';

/** A row of the admin's transaction lists: the money module's history row plus review details. */
export interface AdminTxRow extends HistoryRow {
  userId: number;
  username: string | null;
  email: string | null;
  usdValue: number | null;
  cryptoAmount: number | null;
  diceRollsCredited: number | null;
  gogoCredited: number | null;
  reviewedBy: number | null;
  reviewerName: string | null;
  reviewedAt: number | null;
}

export interface HoldingsRow {
  userId: number;
  balance: number;
  dice: number;
  ledgerGogo: number;
  pendingWithdrawals: number;
}

/** A review queue row: the request and its player's holdings (null fields when the player never played). */
export interface QueueRow extends AdminTxRow {
  holdingsUserId: number | null;
  balance: number;
  dice: number;
  ledgerGogo: number;
  pendingWithdrawals: number;
}

export interface TxFilter {
  type?: string;
  status?: string;
  from?: number;
  to?: number;
  userId?: number;
}

export interface DayCount {
  day: number;
  n: number;
  amount: number;
}

export interface Bucket {
  type: string;
  currency: string;
  n: number;
  amount: number;
  moved: number;
}

type FilterParams = {
  type: string | null;
  status: string | null;
  from: number | null;
  to: number | null;
  userId: number | null;
};

// A request's amounts are minor units (decoded in TypeScript); NULLs carry their type so that a
// side listed alone still has typed columns on PostgreSQL.
const REQUEST_COLUMNS = `
  'request' AS source, m.id AS id, m.user_id AS "userId", m.type AS type, m.amount_units AS amount,
  m.currency AS currency, m.status AS status, m.created_at AS "createdAt", m.crypto_type AS "cryptoType",
  m.crypto_address AS "cryptoAddress", m.reference AS reference, m.note AS note, m.tx_hash AS "txHash",
  coalesce(m.dice_rolls_credited, m.dice_rolls_requested) AS "diceRollsRequested", m.admin_note AS "adminNote",
  m.reason AS "rejectReason", CAST(NULL AS TEXT) AS "ledgerReason", m.usd_value_units AS "usdValue",
  m.usd_value_units AS "usdValueUnits", m.crypto_amount_units AS "cryptoAmount", m.dice_rolls_credited AS "diceRollsCredited",
  m.gogo_credited AS "gogoCredited", m.reviewed_by AS "reviewedBy", m.reviewed_at AS "reviewedAt"`;

const LEDGER_COLUMNS = `
  'ledger' AS source, l.id AS id, l.user_id AS "userId", l.type AS type, l.amount AS amount, l.asset AS currency,
  'completed' AS status, l.created_at AS "createdAt", CAST(NULL AS TEXT) AS "cryptoType",
  CAST(NULL AS TEXT) AS "cryptoAddress", CAST(NULL AS TEXT) AS reference, CAST(NULL AS TEXT) AS note,
  CAST(NULL AS TEXT) AS "txHash", CAST(NULL AS BIGINT) AS "diceRollsRequested", CAST(NULL AS TEXT) AS "adminNote",
  CAST(NULL AS TEXT) AS "rejectReason", l.reason AS "ledgerReason", CAST(NULL AS BIGINT) AS "usdValue",
  CAST(NULL AS BIGINT) AS "usdValueUnits", CAST(NULL AS BIGINT) AS "cryptoAmount", CAST(NULL AS BIGINT) AS "diceRollsCredited",
  CAST(NULL AS BIGINT) AS "gogoCredited", CAST(NULL AS BIGINT) AS "reviewedBy", CAST(NULL AS BIGINT) AS "reviewedAt"`;

/**
 * The ledger entries All Transactions lists beside the money requests, as the money module's player
 * history does (so that an admin and the player see the same rows): not the one-die spend of every
 * roll, and not a request's hold or approved credits (the request's own row shows them); a refund is
 * listed. Each optional filter is a parameter that is null when unused.
 */
const LEDGER_WHERE = `NOT (l.asset = 'DICE' AND l.reason = 'roll')
  AND (l.ref_type IS NULL OR l.ref_type <> '${MONEY_TX_REF}' OR l.type = 'refund')
  AND (CAST(:type AS TEXT) IS NULL OR l.type = CAST(:type AS TEXT))
  AND (CAST(:from AS BIGINT) IS NULL OR l.created_at >= CAST(:from AS BIGINT))
  AND (CAST(:to AS BIGINT) IS NULL OR l.created_at <= CAST(:to AS BIGINT))
  AND (CAST(:userId AS BIGINT) IS NULL OR l.user_id = CAST(:userId AS BIGINT))`;

const REQUEST_WHERE = `(CAST(:type AS TEXT) IS NULL OR m.type = CAST(:type AS TEXT))
  AND (CAST(:status AS TEXT) IS NULL OR m.status = CAST(:status AS TEXT))
  AND (CAST(:from AS BIGINT) IS NULL OR m.created_at >= CAST(:from AS BIGINT))
  AND (CAST(:to AS BIGINT) IS NULL OR m.created_at <= CAST(:to AS BIGINT))
  AND (CAST(:userId AS BIGINT) IS NULL OR m.user_id = CAST(:userId AS BIGINT))`;

// The request side mentions :status; the ledger side lists only completed movements, so a status
// filter other than 'completed' rules it out before any statement runs.
const REQUEST_SIDE = `SELECT ${REQUEST_COLUMNS} FROM money_transactions m WHERE ${REQUEST_WHERE}`;
const LEDGER_SIDE = `SELECT ${LEDGER_COLUMNS} FROM ledger_entries l
  WHERE ${LEDGER_WHERE} AND (CAST(:status AS TEXT) IS NULL OR CAST(:status AS TEXT) = 'completed')`;

/** Names of the players and reviewers of some rows, joined after the page is cut. */
const withNames = (rows: string) => `
  SELECT t.*, u.username AS username, u.email AS email, a.username AS "reviewerName"
  FROM (${rows}) t
    LEFT JOIN users u ON u.id = t."userId"
    LEFT JOIN admins a ON a.id = t."reviewedBy"`;

/**
 * A page of All Transactions, newest first. The two sides are merged by time in one compound
 * SELECT, each side read backwards through its time index, so a page costs the rows before it, not a
 * sort of the whole ledger.
 */
const pageOf = (sides: string) =>
  sql<FilterParams & { limit: number; offset: number }, AdminTxRow>(
    `${withNames(`${sides} ORDER BY "createdAt" DESC, source DESC, id DESC LIMIT :limit OFFSET :offset`)}
     ORDER BY t."createdAt" DESC, t.source DESC, t.id DESC`,
  );
const pages = {
  both: pageOf(`${REQUEST_SIDE} UNION ALL ${LEDGER_SIDE}`),
  request: pageOf(REQUEST_SIDE),
  ledger: pageOf(LEDGER_SIDE),
};

// Sums of minor units are divided in SQL (whole units and the rest), so that they reach TypeScript
// exact whatever their size.
const requestBuckets = sql<FilterParams, { type: string; currency: string; n: number; whole: number; frac: number }>(
  `SELECT m.type AS type, m.currency AS currency, count(*) AS n,
     CAST(coalesce(sum(m.amount_units), 0) AS BIGINT) / ${MONEY_SCALE} AS whole,
     CAST(coalesce(sum(m.amount_units), 0) AS BIGINT) % ${MONEY_SCALE} AS frac
   FROM money_transactions m WHERE ${REQUEST_WHERE} GROUP BY m.type, m.currency`,
);
const ledgerBuckets = sql<FilterParams, Bucket>(
  `SELECT l.type AS type, l.asset AS currency, count(*) AS n, coalesce(sum(l.amount), 0) AS amount,
     coalesce(sum(abs(l.amount)), 0) AS moved
   FROM ledger_entries l
   WHERE ${LEDGER_WHERE} AND (CAST(:status AS TEXT) IS NULL OR CAST(:status AS TEXT) = 'completed')
   GROUP BY l.type, l.asset`,
);

const HOLDINGS_OF = (userColumn: string) => `
  (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l WHERE l.user_id = ${userColumn} AND l.asset = 'GOGO')
    AS "ledgerGogo",
  (SELECT CAST(coalesce(sum(w.amount_units), 0) AS BIGINT) / ${MONEY_SCALE} FROM money_transactions w
    WHERE w.user_id = ${userColumn} AND w.type = 'withdrawal' AND w.status = 'pending') AS "pendingWithdrawals"`;

const queueOf = (types: string) =>
  sql<{ limit: number }, QueueRow>(
    `SELECT q.*, g.user_id AS "holdingsUserId", coalesce(g.balance, 0) AS balance,
       coalesce(g.dice_rolls_remaining, 0) AS dice, ${HOLDINGS_OF('q."userId"')}
     FROM (${withNames(`SELECT ${REQUEST_COLUMNS} FROM money_transactions m
       WHERE m.status = 'pending' AND m.type IN ${types} ORDER BY m.created_at ASC, m.id ASC LIMIT :limit`)}) q
       LEFT JOIN game_states g ON g.user_id = q."userId"
     ORDER BY q."createdAt" ASC, q.id ASC`,
  );
const queues = { credit: queueOf(`('deposit', 'purchase')`), withdrawal: queueOf(`('withdrawal')`) };
const queueCounts = {
  credit: sql<Record<string, never>, { n: number }>(
    `SELECT count(*) AS n FROM money_transactions WHERE status = 'pending' AND type IN ('deposit', 'purchase')`,
  ),
  withdrawal: sql<Record<string, never>, { n: number }>(
    `SELECT count(*) AS n FROM money_transactions WHERE status = 'pending' AND type = 'withdrawal'`,
  ),
};

const selectAdminTx = sql<{ id: number }, AdminTxRow>(
  withNames(`SELECT ${REQUEST_COLUMNS} FROM money_transactions m WHERE m.id = :id`),
);
const selectHoldings = sql<{ userId: number }, HoldingsRow>(
  `SELECT g.user_id AS "userId", g.balance AS balance, g.dice_rolls_remaining AS dice, ${HOLDINGS_OF('g.user_id')}
   FROM game_states g WHERE g.user_id = :userId`,
);
// The player's state row, locked when it exists (without creating one): a review's "before" is read
// under the same lock as its change.
const lockExistingState = sql<{ userId: number }, { userId: number }>(
  'SELECT user_id AS "userId" FROM game_states WHERE user_id = :userId {forUpdate}',
);
const selectCorrupted = sql<
  Record<string, never>,
  { id: number; userId: number; type: string; amountUnits: number; currency: string }
>(
  `SELECT m.id AS id, m.user_id AS "userId", m.type AS type, m.amount_units AS "amountUnits", m.currency AS currency
   FROM money_transactions m LEFT JOIN users u ON u.id = m.user_id
   WHERE m.status = 'pending' AND m.type IN ('deposit', 'purchase') AND u.id IS NULL
   ORDER BY m.id`,
);
const selectMoneyCounts = sql<Record<string, never>, { pendingDeposits: number; pendingWithdrawals: number }>(
  `SELECT coalesce(sum(CASE WHEN type IN ('deposit', 'purchase') THEN 1 ELSE 0 END), 0) AS "pendingDeposits",
     coalesce(sum(CASE WHEN type = 'withdrawal' THEN 1 ELSE 0 END), 0) AS "pendingWithdrawals"
   FROM money_transactions WHERE status = 'pending'`,
);

// Per-day series since :from (epoch ms of a UTC midnight): `day` is the day index from :from.
const dayOf = (column: string) => `(${column} - CAST(:from AS BIGINT)) / 86400000`;
const analyticsStatements = {
  signups: sql<{ from: number }, DayCount>(
    `SELECT ${dayOf('created_at')} AS day, count(*) AS n, 0 AS amount FROM users
     WHERE created_at >= :from GROUP BY ${dayOf('created_at')}`,
  ),
  rolls: sql<{ from: number }, DayCount>(
    `SELECT ${dayOf('created_at')} AS day, count(*) AS n, 0 AS amount FROM rolls
     WHERE created_at >= :from GROUP BY ${dayOf('created_at')}`,
  ),
  depositsApproved: sql<{ from: number }, DayCount>(
    `SELECT ${dayOf('reviewed_at')} AS day, count(*) AS n, coalesce(sum(dice_rolls_credited), 0) AS amount
     FROM money_transactions
     WHERE status = 'approved' AND type IN ('deposit', 'purchase') AND reviewed_at >= :from
     GROUP BY ${dayOf('reviewed_at')}`,
  ),
  gogoIssued: sql<{ from: number }, DayCount>(
    `SELECT ${dayOf('created_at')} AS day, count(*) AS n, coalesce(sum(amount), 0) AS amount
     FROM ledger_entries
     WHERE asset = 'GOGO' AND amount > 0 AND type <> 'refund' AND created_at >= :from
     GROUP BY ${dayOf('created_at')}`,
  ),
  // Withdrawals are whole GOGO: their minor units divide exactly.
  gogoWithdrawn: sql<{ from: number }, DayCount>(
    `SELECT ${dayOf('reviewed_at')} AS day, count(*) AS n,
       CAST(coalesce(sum(amount_units), 0) AS BIGINT) / ${MONEY_SCALE} AS amount
     FROM money_transactions
     WHERE status = 'completed' AND type = 'withdrawal' AND reviewed_at >= :from
     GROUP BY ${dayOf('reviewed_at')}`,
  ),
  // n: the upgrades that completed a board; amount: the GOGO spent on upgrades.
  upgrades: sql<{ from: number }, DayCount>(
    `SELECT ${dayOf('created_at')} AS day, count(completed_board) AS n, coalesce(sum(cost), 0) AS amount
     FROM property_upgrades WHERE created_at >= :from GROUP BY ${dayOf('created_at')}`,
  ),
};

const MONEY_TYPES = new Set<string>(MONEY_REQUEST_TYPES);

const filterParams = (f: TxFilter): FilterParams => ({
  type: f.type ?? null,
  status: f.status ?? null,
  from: f.from ?? null,
  to: f.to ?? null,
  userId: f.userId ?? null,
});

/** Which sides of All Transactions a filter leaves possible. */
function sidesOf(filter: TxFilter) {
  return {
    request: filter.type === undefined || MONEY_TYPES.has(filter.type),
    ledger: filter.status === undefined || filter.status === 'completed',
  };
}

/** A row of the admin lists with a request's minor units decoded. */
function decodeAdminTx<T extends AdminTxRow>(row: T): T {
  if (row.source !== 'request') return row;
  return {
    ...decodeHistoryRow(row),
    usdValue: row.usdValue === null ? null : fromMinorUnits(row.usdValue),
    cryptoAmount: row.cryptoAmount === null ? null : fromMinorUnits(row.cryptoAmount),
  };
}

/** The back office's queries of money requests, each on the transaction (or reader) it is given. */
export const adminMoneyRepo = {
  async transactionsPage(q: Queryable, filter: TxFilter, limit: number, offset: number): Promise<AdminTxRow[]> {
    const sides = sidesOf(filter);
    const statement = sides.request ? (sides.ledger ? pages.both : pages.request) : sides.ledger ? pages.ledger : null;
    if (!statement) return [];
    return (await q.all(statement, { ...filterParams(filter), limit, offset })).map(decodeAdminTx);
  },

  /** Count and sums per (type, currency) of everything a filter matches: one pass over each side. */
  async transactionBuckets(q: Queryable, filter: TxFilter): Promise<Bucket[]> {
    const sides = sidesOf(filter);
    const params = filterParams(filter);
    const buckets: Bucket[] = [];
    if (sides.request) {
      for (const b of await q.all(requestBuckets, params)) {
        // Request amounts are never negative: what moved is the amount itself.
        const amount = b.whole + b.frac / MONEY_SCALE;
        buckets.push({ type: b.type, currency: b.currency, n: b.n, amount, moved: amount });
      }
    }
    if (sides.ledger) buckets.push(...(await q.all(ledgerBuckets, params)));
    return buckets;
  },

  /** Pending money requests of one kind, oldest first (the review queue), with each player's holdings. */
  async pendingQueue(q: Queryable, kind: 'credit' | 'withdrawal', limit: number) {
    const rows = (await q.all(queues[kind], { limit })).map(decodeAdminTx);
    const total = (await q.get(queueCounts[kind], {}))?.n ?? 0;
    return { rows, total };
  },

  /** One money request in the admin's row shape (after a review, inside its transaction). */
  async findAdminTx(q: Queryable, id: number): Promise<AdminTxRow | undefined> {
    const row = await q.get(selectAdminTx, { id });
    return row && decodeAdminTx(row);
  },

  /** Balances, ledger sum and held withdrawals of a player (undefined before their first game action). */
  holdings: (q: Queryable, userId: number) => q.get(selectHoldings, { userId }),

  /** Locks the player's state row when there is one (PostgreSQL; SQLite serialises writers anyway). */
  lockExistingState: async (q: Queryable, userId: number) => {
    await q.get(lockExistingState, { userId });
  },

  /** Pending deposits and purchases whose player row no longer exists. */
  async corruptedPendingDeposits(q: Queryable) {
    return (await q.all(selectCorrupted, {})).map(({ amountUnits, ...r }) => ({
      ...r,
      amount: fromMinorUnits(amountUnits),
    }));
  },

  moneyCounts: async (q: Queryable) =>
    (await q.get(selectMoneyCounts, {})) ?? { pendingDeposits: 0, pendingWithdrawals: 0 },

  /** Each series returns only the days that have something. */
  async analytics(q: Queryable, from: number) {
    const params = { from };
    return {
      signups: await q.all(analyticsStatements.signups, params),
      rolls: await q.all(analyticsStatements.rolls, params),
      depositsApproved: await q.all(analyticsStatements.depositsApproved, params),
      gogoIssued: await q.all(analyticsStatements.gogoIssued, params),
      gogoWithdrawn: await q.all(analyticsStatements.gogoWithdrawn, params),
      upgrades: await q.all(analyticsStatements.upgrades, params),
    };
  },
};
