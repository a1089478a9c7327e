import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { UserSortField } from '@gogo/shared/api';
import type { Database_, Db } from '../../db/client.js';
import { adminAuditLog, admins, gameStates, users } from '../../db/schema/index.js';
import { MONEY_TX_REF, type HistoryRow } from '../credits/repo.js';

/** A player with the figures the back office shows beside them. Times are epoch ms. */
export interface UserViewRow {
  id: number;
  username: string;
  email: string;
  lastLogin: number | null;
  lastSeen: number | null;
  createdAt: number;
  lockUntil: number | null;
  loginAttempts: number;
  balance: number;
  dice: number;
  totalRolls: number;
  ledgerGogo: number;
  ledgerDice: number;
}

export interface LedgerRow {
  id: number;
  userId: number;
  username: string | null;
  asset: 'GOGO' | 'DICE';
  amount: number;
  type: string;
  reason: string;
  refType: string | null;
  refId: number | null;
  balanceAfter: number;
  createdAt: number;
}

export interface AuditFilter {
  adminId?: number;
  action?: string;
  targetUserId?: number;
  from?: number;
  to?: number;
}

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

export interface TxFilter {
  type?: string;
  status?: string;
  from?: number;
  to?: number;
  userId?: number;
}

export interface HoldingsRow {
  userId: number;
  balance: number;
  dice: number;
  ledgerGogo: number;
  pendingWithdrawals: number;
}

export interface DayCount {
  day: number;
  n: number;
  amount: number;
}

const REQUEST_COLUMNS = sql`
  'request' AS source, m.id AS id, m.user_id AS userId, m.type AS type, m.amount AS amount,
  m.currency AS currency, m.status AS status, m.created_at AS createdAt, m.crypto_type AS cryptoType,
  m.crypto_address AS cryptoAddress, m.reference AS reference, m.note AS note, m.tx_hash AS txHash,
  coalesce(m.dice_rolls_credited, m.dice_rolls_requested) AS diceRollsRequested, m.admin_note AS adminNote,
  m.reason AS rejectReason, NULL AS ledgerReason, m.usd_value AS usdValue, m.crypto_amount AS cryptoAmount,
  m.dice_rolls_credited AS diceRollsCredited, m.gogo_credited AS gogoCredited, m.reviewed_by AS reviewedBy,
  m.reviewed_at AS reviewedAt`;

const LEDGER_COLUMNS = sql`
  'ledger' AS source, l.id AS id, l.user_id AS userId, l.type AS type, l.amount AS amount, l.asset AS currency,
  'completed' AS status, l.created_at AS createdAt, NULL AS cryptoType, NULL AS cryptoAddress, NULL AS reference,
  NULL AS note, NULL AS txHash, NULL AS diceRollsRequested, NULL AS adminNote, NULL AS rejectReason,
  l.reason AS ledgerReason, NULL AS usdValue, NULL AS cryptoAmount, NULL AS diceRollsCredited,
  NULL AS gogoCredited, NULL AS reviewedBy, NULL AS reviewedAt`;

/**
 * The ledger entries All Transactions lists beside the money requests, as the money module's player
 * history does (so that an admin and the player see the same rows): not the one-die spend of every
 * roll, and not a request's hold or approved credits (the request's own row shows them); a refund is
 * listed.
 */
const LISTED_LEDGER = sql`NOT (l.asset = 'DICE' AND l.reason = 'roll')
  AND (l.ref_type IS NULL OR l.ref_type <> ${MONEY_TX_REF} OR l.type = 'refund')`;

const MONEY_TYPES = new Set(['deposit', 'withdrawal', 'purchase']);

/** The WHERE of each side of All Transactions, or null when a filter rules that side out entirely. */
function txSides(filter: TxFilter): { request: SQL | null; ledger: SQL | null } {
  const request: SQL[] = [sql`1 = 1`];
  const ledger: SQL[] = [LISTED_LEDGER];
  if (filter.type !== undefined) {
    request.push(sql`m.type = ${filter.type}`);
    ledger.push(sql`l.type = ${filter.type}`);
  }
  if (filter.status !== undefined) request.push(sql`m.status = ${filter.status}`);
  if (filter.from !== undefined) {
    request.push(sql`m.created_at >= ${filter.from}`);
    ledger.push(sql`l.created_at >= ${filter.from}`);
  }
  if (filter.to !== undefined) {
    request.push(sql`m.created_at <= ${filter.to}`);
    ledger.push(sql`l.created_at <= ${filter.to}`);
  }
  if (filter.userId !== undefined) {
    request.push(sql`m.user_id = ${filter.userId}`);
    ledger.push(sql`l.user_id = ${filter.userId}`);
  }
  const requestPossible = filter.type === undefined || MONEY_TYPES.has(filter.type);
  const ledgerPossible = filter.status === undefined || filter.status === 'completed';
  return {
    request: requestPossible ? sql.join(request, sql` AND `) : null,
    ledger: ledgerPossible ? sql.join(ledger, sql` AND `) : null,
  };
}

/** Names of the players and reviewers of some rows, joined after the page is cut. */
const WITH_NAMES = (rows: SQL) => sql`
  SELECT t.*, u.username AS username, u.email AS email, a.username AS reviewerName
  FROM (${rows}) t
    LEFT JOIN users u ON u.id = t.userId
    LEFT JOIN admins a ON a.id = t.reviewedBy`;

const USER_SORT_SQL: Record<UserSortField, string> = {
  createdAt: 'u.created_at',
  username: 'lower(u.username)',
  email: 'u.email',
  lastLogin: 'u.last_login',
  balance: 'coalesce(g.balance, 0)',
  totalRolls: 'coalesce(g.total_rolls, 0)',
};

/** `%text%` for LIKE, with the wildcards of the text itself escaped (ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const USER_VIEW_SELECT = sql`
  SELECT u.id AS id, u.username AS username, u.email AS email, u.last_login AS lastLogin,
    u.last_seen AS lastSeen, u.created_at AS createdAt, u.lock_until AS lockUntil,
    u.failed_login_attempts AS loginAttempts,
    coalesce(g.balance, 0) AS balance, coalesce(g.dice_rolls_remaining, 0) AS dice,
    coalesce(g.total_rolls, 0) AS totalRolls,
    (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l WHERE l.user_id = u.id AND l.asset = 'GOGO') AS ledgerGogo,
    (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l WHERE l.user_id = u.id AND l.asset = 'DICE') AS ledgerDice
  FROM users u LEFT JOIN game_states g ON g.user_id = u.id`;

/** Every query of the back office that is not the money service's or the ledger's own. */
export function createAdminRepo(database: Database_) {
  const { db } = database;

  const searchWhere = (search: string | undefined): SQL => {
    const text = search?.trim();
    if (!text) return sql`1 = 1`;
    const pattern = containsPattern(text);
    return sql`(lower(u.username) LIKE ${pattern} ESCAPE '\\' OR u.email LIKE ${pattern} ESCAPE '\\')`;
  };

  function findUserViewsByIds(ids: readonly number[]): Map<number, UserViewRow> {
    const map = new Map<number, UserViewRow>();
    if (ids.length === 0) return map;
    const list = sql.join(
      [...new Set(ids)].map((id) => sql`${id}`),
      sql`, `,
    );
    for (const row of db.all<UserViewRow>(sql`${USER_VIEW_SELECT} WHERE u.id IN (${list})`)) map.set(row.id, row);
    return map;
  }

  return {
    findAdminById: (id: number) => db.select().from(admins).where(eq(admins.id, id)).get(),

    /** A page of players for the Users tab, with the summary of everyone matching the search. */
    listUsers(opts: {
      search?: string;
      sortBy: UserSortField;
      sortOrder: 'asc' | 'desc';
      limit: number;
      offset: number;
      activeSince: number;
    }) {
      const where = searchWhere(opts.search);
      const dir = opts.sortOrder === 'asc' ? 'ASC' : 'DESC';
      // Players who never logged in sort last either way; the id keeps pages stable on ties.
      const order = sql.raw(`${USER_SORT_SQL[opts.sortBy]} ${dir} NULLS LAST, u.id ${dir}`);
      // The page is cut on ids first, so the ledger sums are computed for its rows only.
      const ids = db
        .all<{ id: number }>(
          sql`SELECT u.id AS id FROM users u LEFT JOIN game_states g ON g.user_id = u.id
            WHERE ${where} ORDER BY ${order} LIMIT ${opts.limit} OFFSET ${opts.offset}`,
        )
        .map((r) => r.id);
      const views = findUserViewsByIds(ids);
      const rows = ids.map((id) => views.get(id)).filter((r): r is UserViewRow => r !== undefined);
      const summary = db.get<{ total: number; active: number; balance: number }>(sql`
        SELECT count(*) AS total,
          coalesce(sum(CASE WHEN u.last_login >= ${opts.activeSince} THEN 1 ELSE 0 END), 0) AS active,
          coalesce(sum(g.balance), 0) AS balance
        FROM users u LEFT JOIN game_states g ON g.user_id = u.id WHERE ${where}`);
      return { rows, total: summary?.total ?? 0, active: summary?.active ?? 0, totalBalance: summary?.balance ?? 0 };
    },

    findUserView: (userId: number) => db.get<UserViewRow | undefined>(sql`${USER_VIEW_SELECT} WHERE u.id = ${userId}`),

    findUserViewsByIds,

    findGameState: (userId: number) => db.select().from(gameStates).where(eq(gameStates.userId, userId)).get(),

    lockedUsers: (now: number) =>
      db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          lockUntil: users.lockUntil,
          loginAttempts: users.failedLoginAttempts,
        })
        .from(users)
        .where(sql`${users.lockUntil} > ${now}`)
        .orderBy(desc(users.lockUntil))
        .all(),

    activeUsers(since: number, limit: number, offset: number) {
      const rows = db.all<UserViewRow>(
        sql`${USER_VIEW_SELECT} WHERE u.last_login >= ${since} ORDER BY u.last_login DESC, u.id DESC LIMIT ${limit} OFFSET ${offset}`,
      );
      const total =
        db.get<{ n: number }>(sql`SELECT count(*) AS n FROM users u WHERE u.last_login >= ${since}`)?.n ?? 0;
      return { rows, total };
    },

    /** Net GOGO won on the board per player (tiles, jackpots, achievements, streak and referral bonuses). */
    topWinners(limit: number, since: number | null) {
      return db.all<{
        id: number;
        username: string;
        email: string;
        balance: number;
        net: number;
        won: number;
        jackpot: number;
        jackpots: number;
      }>(sql`
        SELECT u.id AS id, u.username AS username, u.email AS email, coalesce(g.balance, 0) AS balance,
          sum(l.amount) AS net,
          sum(CASE WHEN l.amount > 0 THEN l.amount ELSE 0 END) AS won,
          sum(CASE WHEN l.type = 'jackpot' THEN l.amount ELSE 0 END) AS jackpot,
          sum(CASE WHEN l.type = 'jackpot' THEN 1 ELSE 0 END) AS jackpots
        FROM ledger_entries l
          JOIN users u ON u.id = l.user_id
          LEFT JOIN game_states g ON g.user_id = u.id
        WHERE l.asset = 'GOGO' AND l.type IN ('reward', 'jackpot', 'penalty')
          AND (${since} IS NULL OR l.created_at >= ${since})
        GROUP BY l.user_id
        HAVING sum(l.amount) > 0
        ORDER BY net DESC, u.id ASC
        LIMIT ${limit}`);
    },

    /** Counts for the summary cards that need no money tables. */
    userCounts(now: number, activeSince: number, seenSince: number) {
      return (
        db.get<{
          totalUsers: number;
          active24h: number;
          activeUsers: number;
          lockedUsers: number;
        }>(sql`
        SELECT count(*) AS totalUsers,
          coalesce(sum(CASE WHEN max(coalesce(last_seen, 0), coalesce(last_login, 0)) >= ${seenSince} THEN 1 ELSE 0 END), 0) AS active24h,
          coalesce(sum(CASE WHEN last_login >= ${activeSince} THEN 1 ELSE 0 END), 0) AS activeUsers,
          coalesce(sum(CASE WHEN lock_until > ${now} THEN 1 ELSE 0 END), 0) AS lockedUsers
        FROM users`) ?? { totalUsers: 0, active24h: 0, activeUsers: 0, lockedUsers: 0 }
      );
    },

    totalHoldings() {
      return (
        db.get<{ gogo: number; dice: number }>(
          sql`SELECT coalesce(sum(balance), 0) AS gogo, coalesce(sum(dice_rolls_remaining), 0) AS dice FROM game_states`,
        ) ?? { gogo: 0, dice: 0 }
      );
    },

    ledgerPage(filter: { userId?: number; asset?: 'GOGO' | 'DICE' }, limit: number, offset: number) {
      const conds: SQL[] = [sql`1 = 1`];
      if (filter.userId !== undefined) conds.push(sql`l.user_id = ${filter.userId}`);
      if (filter.asset !== undefined) conds.push(sql`l.asset = ${filter.asset}`);
      const where = sql.join(conds, sql` AND `);
      const rows = db.all<LedgerRow>(sql`
        SELECT l.id AS id, l.user_id AS userId, u.username AS username, l.asset AS asset, l.amount AS amount,
          l.type AS type, l.reason AS reason, l.ref_type AS refType, l.ref_id AS refId,
          l.balance_after AS balanceAfter, l.created_at AS createdAt
        FROM ledger_entries l LEFT JOIN users u ON u.id = l.user_id
        WHERE ${where} ORDER BY l.id DESC LIMIT ${limit} OFFSET ${offset}`);
      const total = db.get<{ n: number }>(sql`SELECT count(*) AS n FROM ledger_entries l WHERE ${where}`)?.n ?? 0;
      return { rows, total };
    },

    /**
     * A page of All Transactions, newest first. The two sides are merged by time in one compound
     * SELECT, each side read backwards through its time index, so a page costs the rows before it,
     * not a sort of the whole ledger.
     */
    transactionsPage(filter: TxFilter, limit: number, offset: number): AdminTxRow[] {
      const sides = txSides(filter);
      const parts: SQL[] = [];
      if (sides.request) parts.push(sql`SELECT ${REQUEST_COLUMNS} FROM money_transactions m WHERE ${sides.request}`);
      if (sides.ledger) parts.push(sql`SELECT ${LEDGER_COLUMNS} FROM ledger_entries l WHERE ${sides.ledger}`);
      if (parts.length === 0) return [];
      const page = sql`${sql.join(parts, sql` UNION ALL `)}
        ORDER BY createdAt DESC, source DESC, id DESC LIMIT ${limit} OFFSET ${offset}`;
      return db.all<AdminTxRow>(sql`${WITH_NAMES(page)} ORDER BY t.createdAt DESC, t.source DESC, t.id DESC`);
    },

    /** Count and sums per (type, currency) of everything a filter matches: one pass over each side. */
    transactionBuckets(filter: TxFilter) {
      const sides = txSides(filter);
      type Bucket = { type: string; currency: string; n: number; amount: number; moved: number };
      const buckets: Bucket[] = [];
      if (sides.request) {
        buckets.push(
          ...db.all<Bucket>(sql`
            SELECT m.type AS type, m.currency AS currency, count(*) AS n, coalesce(sum(m.amount), 0) AS amount,
              coalesce(sum(abs(m.amount)), 0) AS moved
            FROM money_transactions m WHERE ${sides.request} GROUP BY m.type, m.currency`),
        );
      }
      if (sides.ledger) {
        buckets.push(
          ...db.all<Bucket>(sql`
            SELECT l.type AS type, l.asset AS currency, count(*) AS n, coalesce(sum(l.amount), 0) AS amount,
              coalesce(sum(abs(l.amount)), 0) AS moved
            FROM ledger_entries l WHERE ${sides.ledger} GROUP BY l.type, l.asset`),
        );
      }
      return buckets;
    },

    /** Pending money requests of one kind, oldest first (the review queue). */
    pendingQueue(kind: 'credit' | 'withdrawal', limit: number) {
      const types = kind === 'credit' ? sql`('deposit', 'purchase')` : sql`('withdrawal')`;
      const where = sql`m.status = 'pending' AND m.type IN ${types}`;
      const page = sql`SELECT ${REQUEST_COLUMNS} FROM money_transactions m WHERE ${where}
        ORDER BY m.created_at ASC, m.id ASC LIMIT ${limit}`;
      const rows = db.all<AdminTxRow>(sql`${WITH_NAMES(page)} ORDER BY t.createdAt ASC, t.id ASC`);
      const total = db.get<{ n: number }>(sql`SELECT count(*) AS n FROM money_transactions m WHERE ${where}`)?.n ?? 0;
      return { rows, total };
    },

    /** One money request in the admin's row shape (after a review, inside its transaction). */
    findAdminTx: (tx: Db, id: number) =>
      tx.get<AdminTxRow | undefined>(
        WITH_NAMES(sql`SELECT ${REQUEST_COLUMNS} FROM money_transactions m WHERE m.id = ${id}`),
      ),

    /** Balances, ledger sum and held withdrawals of some players. */
    holdings(tx: Db, userIds: readonly number[]): Map<number, HoldingsRow> {
      const map = new Map<number, HoldingsRow>();
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return map;
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = tx.all<HoldingsRow>(sql`
        SELECT g.user_id AS userId, g.balance AS balance, g.dice_rolls_remaining AS dice,
          (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l WHERE l.user_id = g.user_id AND l.asset = 'GOGO') AS ledgerGogo,
          (SELECT coalesce(sum(m.amount), 0) FROM money_transactions m
            WHERE m.user_id = g.user_id AND m.type = 'withdrawal' AND m.status = 'pending') AS pendingWithdrawals
        FROM game_states g WHERE g.user_id IN (${list})`);
      for (const r of rows) map.set(r.userId, r);
      return map;
    },

    /** Pending deposits and purchases whose player row no longer exists. */
    corruptedPendingDeposits: (tx: Db) =>
      tx.all<{ id: number; userId: number; type: string; amount: number; currency: string }>(sql`
        SELECT m.id AS id, m.user_id AS userId, m.type AS type, m.amount AS amount, m.currency AS currency
        FROM money_transactions m LEFT JOIN users u ON u.id = m.user_id
        WHERE m.status = 'pending' AND m.type IN ('deposit', 'purchase') AND u.id IS NULL
        ORDER BY m.id`),

    moneyCounts() {
      return (
        db.get<{ pendingDeposits: number; pendingWithdrawals: number }>(sql`
          SELECT coalesce(sum(CASE WHEN type IN ('deposit', 'purchase') THEN 1 ELSE 0 END), 0) AS pendingDeposits,
            coalesce(sum(CASE WHEN type = 'withdrawal' THEN 1 ELSE 0 END), 0) AS pendingWithdrawals
          FROM money_transactions WHERE status = 'pending'`) ?? { pendingDeposits: 0, pendingWithdrawals: 0 }
      );
    },

    /**
     * Per-day series since `from` (epoch ms of a UTC midnight): `day` is the day index from `from`.
     * Each returns only the days that have something.
     */
    analytics(from: number) {
      const dayOf = (col: string) => sql.raw(`CAST((${col} - ${Math.trunc(from)}) / 86400000 AS INTEGER)`);
      return {
        signups: db.all<DayCount>(sql`
          SELECT ${dayOf('created_at')} AS day, count(*) AS n, 0 AS amount FROM users
          WHERE created_at >= ${from} GROUP BY day`),
        rolls: db.all<DayCount>(sql`
          SELECT ${dayOf('created_at')} AS day, count(*) AS n, 0 AS amount FROM rolls
          WHERE created_at >= ${from} GROUP BY day`),
        depositsApproved: db.all<DayCount>(sql`
          SELECT ${dayOf('reviewed_at')} AS day, count(*) AS n, coalesce(sum(dice_rolls_credited), 0) AS amount
          FROM money_transactions
          WHERE status = 'approved' AND type IN ('deposit', 'purchase') AND reviewed_at >= ${from} GROUP BY day`),
        gogoIssued: db.all<DayCount>(sql`
          SELECT ${dayOf('created_at')} AS day, count(*) AS n, coalesce(sum(amount), 0) AS amount
          FROM ledger_entries
          WHERE asset = 'GOGO' AND amount > 0 AND type <> 'refund' AND created_at >= ${from} GROUP BY day`),
        gogoWithdrawn: db.all<DayCount>(sql`
          SELECT ${dayOf('reviewed_at')} AS day, count(*) AS n, coalesce(sum(amount), 0) AS amount
          FROM money_transactions
          WHERE status = 'completed' AND type = 'withdrawal' AND reviewed_at >= ${from} GROUP BY day`),
      };
    },

    auditPage(filter: AuditFilter, limit: number, offset: number) {
      const conds: SQL[] = [];
      if (filter.adminId !== undefined) conds.push(eq(adminAuditLog.adminId, filter.adminId));
      if (filter.action !== undefined) conds.push(eq(adminAuditLog.action, filter.action));
      if (filter.targetUserId !== undefined) conds.push(eq(adminAuditLog.targetUserId, filter.targetUserId));
      if (filter.from !== undefined) conds.push(gte(adminAuditLog.createdAt, filter.from));
      if (filter.to !== undefined) conds.push(lte(adminAuditLog.createdAt, filter.to));
      const where = conds.length > 0 ? and(...conds) : undefined;
      const rows = db
        .select({
          id: adminAuditLog.id,
          adminId: adminAuditLog.adminId,
          adminUsername: admins.username,
          action: adminAuditLog.action,
          targetUserId: adminAuditLog.targetUserId,
          targetUsername: users.username,
          targetType: adminAuditLog.targetType,
          targetId: adminAuditLog.targetId,
          before: adminAuditLog.before,
          after: adminAuditLog.after,
          ip: adminAuditLog.ip,
          createdAt: adminAuditLog.createdAt,
        })
        .from(adminAuditLog)
        .innerJoin(admins, eq(admins.id, adminAuditLog.adminId))
        .leftJoin(users, eq(users.id, adminAuditLog.targetUserId))
        .where(where)
        .orderBy(desc(adminAuditLog.id))
        .limit(limit)
        .offset(offset)
        .all();
      const total =
        db
          .select({ n: sql<number>`count(*)` })
          .from(adminAuditLog)
          .where(where)
          .get()?.n ?? 0;
      return { rows, total };
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
