import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { UserSortField } from '@gogo/shared/api';
import type { Database_ } from '../../db/client.js';
import { adminAuditLog, admins, gameStates, users } from '../../db/schema/index.js';

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

const USER_SORT_SQL: Record<UserSortField, string> = {
  createdAt: 'u.created_at',
  username: 'lower(u.username)',
  email: 'u.email',
  lastLogin: 'u.last_login',
  balance: 'balance',
  totalRolls: 'totalRolls',
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
      const rows = db.all<UserViewRow>(
        sql`${USER_VIEW_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${opts.limit} OFFSET ${opts.offset}`,
      );
      const summary = db.get<{ total: number; active: number; balance: number }>(sql`
        SELECT count(*) AS total,
          coalesce(sum(CASE WHEN u.last_login >= ${opts.activeSince} THEN 1 ELSE 0 END), 0) AS active,
          coalesce(sum(g.balance), 0) AS balance
        FROM users u LEFT JOIN game_states g ON g.user_id = u.id WHERE ${where}`);
      return { rows, total: summary?.total ?? 0, active: summary?.active ?? 0, totalBalance: summary?.balance ?? 0 };
    },

    findUserView: (userId: number) => db.get<UserViewRow | undefined>(sql`${USER_VIEW_SELECT} WHERE u.id = ${userId}`),

    findUserViewsByIds(ids: readonly number[]): Map<number, UserViewRow> {
      const map = new Map<number, UserViewRow>();
      if (ids.length === 0) return map;
      const list = sql.join(
        [...new Set(ids)].map((id) => sql`${id}`),
        sql`, `,
      );
      for (const row of db.all<UserViewRow>(sql`${USER_VIEW_SELECT} WHERE u.id IN (${list})`)) map.set(row.id, row);
      return map;
    },

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
      }>(sql`
        SELECT u.id AS id, u.username AS username, u.email AS email, coalesce(g.balance, 0) AS balance,
          sum(l.amount) AS net,
          sum(CASE WHEN l.amount > 0 THEN l.amount ELSE 0 END) AS won,
          sum(CASE WHEN l.type = 'jackpot' THEN l.amount ELSE 0 END) AS jackpot
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

    holdings() {
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
