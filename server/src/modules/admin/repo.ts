import type { UserSortField } from '@gogo/shared/api';
import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';
import { adminsRepo, type AdminAccount } from '../auth/index.js';

export type { AdminAccount };

/** A player with the figures the back office shows beside them. Times are epoch ms. */
export interface UserViewRow {
  id: number;
  username: string;
  email: string;
  lastLogin: number | null;
  lastSeen: number | null;
  emailVerifiedAt: number | null;
  createdAt: number;
  lockUntil: number | null;
  loginAttempts: number;
  balance: number;
  dice: number;
  totalRolls: number;
  ledgerGogo: number;
  ledgerDice: number;
}

/** A ledger row as stored, with its player's name (null where no user row matches the left join). */
export type LedgerRow = Row<'ledgerEntries'> & { username: string | null };

export interface AuditFilter {
  adminId?: number;
  action?: string;
  targetUserId?: number;
  from?: number;
  to?: number;
}

/** A player account as the admin's account tools need it. */
export interface PlayerAccount {
  id: number;
  username: string;
  email: string;
  tokenVersion: number;
  failedLoginAttempts: number;
  lockUntil: number | null;
  lastLogin: number | null;
}

const PLAYER_COLUMNS = `id, username, email, token_version AS "tokenVersion",
  failed_login_attempts AS "failedLoginAttempts", lock_until AS "lockUntil", last_login AS "lastLogin"`;

const statements = {
  playerById: sql<{ id: number }, PlayerAccount>(`SELECT ${PLAYER_COLUMNS} FROM users WHERE id = :id`),
  lockPlayer: sql<{ id: number }, PlayerAccount>(`SELECT ${PLAYER_COLUMNS} FROM users WHERE id = :id {forUpdate}`),
  playerByEmail: sql<{ email: string }, PlayerAccount>(`SELECT ${PLAYER_COLUMNS} FROM users WHERE email = :email`),
};

/** The view columns of a player `u` with their state `g`; ledger sums only for the rows selected. */
const USER_VIEW_COLUMNS = `u.id AS id, u.username AS username, u.email AS email, u.last_login AS "lastLogin",
  u.last_seen AS "lastSeen", u.email_verified_at AS "emailVerifiedAt", u.created_at AS "createdAt", u.lock_until AS "lockUntil",
  u.failed_login_attempts AS "loginAttempts",
  coalesce(g.balance, 0) AS balance, coalesce(g.dice_rolls_remaining, 0) AS dice,
  coalesce(g.total_rolls, 0) AS "totalRolls",
  (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l WHERE l.user_id = u.id AND l.asset = 'GOGO') AS "ledgerGogo",
  (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l WHERE l.user_id = u.id AND l.asset = 'DICE') AS "ledgerDice"`;

// Part of a username or email, lower-cased with its own wildcards escaped; null matches everyone.
const SEARCH = `(CAST(:pattern AS TEXT) IS NULL OR lower(u.username) LIKE CAST(:pattern AS TEXT) ESCAPE '\\'
  OR u.email LIKE CAST(:pattern AS TEXT) ESCAPE '\\')`;

const USER_SORT_SQL: Record<UserSortField, string> = {
  createdAt: 'u.created_at',
  username: 'lower(u.username)',
  email: 'u.email',
  lastLogin: 'u.last_login',
  balance: 'coalesce(g.balance, 0)',
  totalRolls: 'coalesce(g.total_rolls, 0)',
};

type UserPageParams = { pattern: string | null; limit: number; offset: number };

/**
 * One statement per sort field and direction. The page is cut on ids first (players who never logged
 * in sort last either way; the id keeps pages stable on ties), so the ledger sums are computed for
 * its rows only.
 */
function userPage(field: UserSortField, dir: 'ASC' | 'DESC') {
  return sql<UserPageParams, UserViewRow>(
    `SELECT ${USER_VIEW_COLUMNS}
     FROM (SELECT u.id AS id, ${USER_SORT_SQL[field]} AS k FROM users u LEFT JOIN game_states g ON g.user_id = u.id
           WHERE ${SEARCH} ORDER BY ${USER_SORT_SQL[field]} ${dir} NULLS LAST, u.id ${dir}
           LIMIT :limit OFFSET :offset) p
       JOIN users u ON u.id = p.id LEFT JOIN game_states g ON g.user_id = u.id
     ORDER BY p.k ${dir} NULLS LAST, p.id ${dir}`,
  );
}
const userPages = Object.fromEntries(
  (Object.keys(USER_SORT_SQL) as UserSortField[]).map((field) => [
    field,
    { asc: userPage(field, 'ASC'), desc: userPage(field, 'DESC') },
  ]),
) as Record<UserSortField, Record<'asc' | 'desc', ReturnType<typeof userPage>>>;

const views = {
  usersSummary: sql<
    { pattern: string | null; activeSince: number },
    { total: number; active: number; balance: number }
  >(
    `SELECT count(*) AS total,
       coalesce(sum(CASE WHEN u.last_login >= :activeSince THEN 1 ELSE 0 END), 0) AS active,
       coalesce(sum(g.balance), 0) AS balance
     FROM users u LEFT JOIN game_states g ON g.user_id = u.id WHERE ${SEARCH}`,
  ),
  userView: sql<{ id: number }, UserViewRow>(
    `SELECT ${USER_VIEW_COLUMNS} FROM users u LEFT JOIN game_states g ON g.user_id = u.id WHERE u.id = :id`,
  ),
  lockedUsers: sql<
    { now: number },
    { id: number; username: string; email: string; lockUntil: number; loginAttempts: number }
  >(
    `SELECT id, username, email, lock_until AS "lockUntil", failed_login_attempts AS "loginAttempts"
     FROM users WHERE lock_until > :now ORDER BY lock_until DESC`,
  ),
  activeUsers: sql<{ since: number; limit: number; offset: number }, UserViewRow>(
    `SELECT ${USER_VIEW_COLUMNS} FROM users u LEFT JOIN game_states g ON g.user_id = u.id
     WHERE u.last_login >= :since ORDER BY u.last_login DESC, u.id DESC LIMIT :limit OFFSET :offset`,
  ),
  activeCount: sql<{ since: number }, { n: number }>('SELECT count(*) AS n FROM users u WHERE u.last_login >= :since'),
  /** Net GOGO won on the board per player (tiles, jackpots, achievements, streak and referral bonuses). */
  topWinners: sql<
    { since: number | null; limit: number },
    {
      id: number;
      username: string;
      email: string;
      balance: number;
      net: number;
      won: number;
      jackpot: number;
      jackpots: number;
    }
  >(
    `SELECT u.id AS id, u.username AS username, u.email AS email, coalesce(g.balance, 0) AS balance,
       sum(l.amount) AS net,
       sum(CASE WHEN l.amount > 0 THEN l.amount ELSE 0 END) AS won,
       sum(CASE WHEN l.type = 'jackpot' THEN l.amount ELSE 0 END) AS jackpot,
       sum(CASE WHEN l.type = 'jackpot' THEN 1 ELSE 0 END) AS jackpots
     FROM ledger_entries l
       JOIN users u ON u.id = l.user_id
       LEFT JOIN game_states g ON g.user_id = u.id
     WHERE l.asset = 'GOGO' AND l.type IN ('reward', 'jackpot', 'penalty')
       AND (CAST(:since AS BIGINT) IS NULL OR l.created_at >= CAST(:since AS BIGINT))
     GROUP BY u.id, u.username, u.email, g.balance
     HAVING sum(l.amount) > 0
     ORDER BY net DESC, u.id ASC
     LIMIT :limit`,
  ),
  userCounts: sql<
    { now: number; activeSince: number; seenSince: number },
    { totalUsers: number; active24h: number; activeUsers: number; lockedUsers: number }
  >(
    `SELECT count(*) AS "totalUsers",
       coalesce(sum(CASE WHEN {greatest}(coalesce(last_seen, 0), coalesce(last_login, 0)) >= :seenSince
         THEN 1 ELSE 0 END), 0) AS "active24h",
       coalesce(sum(CASE WHEN last_login >= :activeSince THEN 1 ELSE 0 END), 0) AS "activeUsers",
       coalesce(sum(CASE WHEN lock_until > :now THEN 1 ELSE 0 END), 0) AS "lockedUsers"
     FROM users`,
  ),
  totalHoldings: sql<Record<string, never>, { gogo: number; dice: number }>(
    'SELECT coalesce(sum(balance), 0) AS gogo, coalesce(sum(dice_rolls_remaining), 0) AS dice FROM game_states',
  ),
  ledgerPage: sql<{ userId: number | null; asset: string | null; limit: number; offset: number }, LedgerRow>(
    `SELECT l.id AS id, l.user_id AS "userId", u.username AS username, l.asset AS asset, l.amount AS amount,
       l.type AS type, l.reason AS reason, l.ref_type AS "refType", l.ref_id AS "refId",
       l.balance_after AS "balanceAfter", l.created_at AS "createdAt"
     FROM ledger_entries l LEFT JOIN users u ON u.id = l.user_id
     WHERE (CAST(:userId AS BIGINT) IS NULL OR l.user_id = CAST(:userId AS BIGINT))
       AND (CAST(:asset AS TEXT) IS NULL OR l.asset = CAST(:asset AS TEXT))
     ORDER BY l.id DESC LIMIT :limit OFFSET :offset`,
  ),
  ledgerCount: sql<{ userId: number | null; asset: string | null }, { n: number }>(
    `SELECT count(*) AS n FROM ledger_entries l
     WHERE (CAST(:userId AS BIGINT) IS NULL OR l.user_id = CAST(:userId AS BIGINT))
       AND (CAST(:asset AS TEXT) IS NULL OR l.asset = CAST(:asset AS TEXT))`,
  ),
};

type AuditParams = {
  adminId: number | null;
  action: string | null;
  targetUserId: number | null;
  from: number | null;
  to: number | null;
};
const AUDIT_WHERE = `(CAST(:adminId AS BIGINT) IS NULL OR x.admin_id = CAST(:adminId AS BIGINT))
  AND (CAST(:action AS TEXT) IS NULL OR x.action = CAST(:action AS TEXT))
  AND (CAST(:targetUserId AS BIGINT) IS NULL OR x.target_user_id = CAST(:targetUserId AS BIGINT))
  AND (CAST(:from AS BIGINT) IS NULL OR x.created_at >= CAST(:from AS BIGINT))
  AND (CAST(:to AS BIGINT) IS NULL OR x.created_at <= CAST(:to AS BIGINT))`;

type StoredAuditRow = Pick<
  Row<'adminAuditLog'>,
  'id' | 'adminId' | 'action' | 'targetUserId' | 'targetType' | 'targetId' | 'before' | 'after' | 'ip' | 'createdAt'
> & { adminUsername: string; targetUsername: string | null };
const auditStatements = {
  page: sql<AuditParams & { limit: number; offset: number }, StoredAuditRow>(
    `SELECT x.id AS id, x.admin_id AS "adminId", a.username AS "adminUsername", x.action AS action,
       x.target_user_id AS "targetUserId", u.username AS "targetUsername", x.target_type AS "targetType",
       x.target_id AS "targetId", x.before AS before, x.after AS after, x.ip AS ip, x.created_at AS "createdAt"
     FROM admin_audit_log x
       JOIN admins a ON a.id = x.admin_id
       LEFT JOIN users u ON u.id = x.target_user_id
     WHERE ${AUDIT_WHERE}
     ORDER BY x.id DESC LIMIT :limit OFFSET :offset`,
  ),
  count: sql<AuditParams, { n: number }>(`SELECT count(*) AS n FROM admin_audit_log x WHERE ${AUDIT_WHERE}`),
};

/** `%text%` for LIKE, lower-cased, with the wildcards of the text itself escaped (ESCAPE '\'). */
function containsPattern(search: string | undefined): string | null {
  const text = search?.trim();
  if (!text) return null;
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const parseJson = (value: string | null) => (value === null ? null : (JSON.parse(value) as Record<string, unknown>));

/** The back office's queries that are not money requests, each on the transaction or reader it is given. */
export const adminRepo = {
  // Admin rows through their owner (auth's admins repository).
  findAdminById: adminsRepo.byId,
  lockAdmin: adminsRepo.lock,
  findAdminByUsername: adminsRepo.byUsername,
  setAdminLock: adminsRepo.setLock,
  recordAdminLogin: adminsRepo.recordLogin,
  bumpAdminTokenVersion: adminsRepo.bumpTokenVersion,

  findPlayer: (q: Queryable, id: number) => q.get(statements.playerById, { id }),
  lockPlayer: (tx: Tx, id: number) => tx.get(statements.lockPlayer, { id }),
  findPlayerByEmail: (q: Queryable, email: string) => q.get(statements.playerByEmail, { email }),

  /** A page of players for the Users tab, with the summary of everyone matching the search. */
  async listUsers(
    q: Queryable,
    opts: {
      search?: string;
      sortBy: UserSortField;
      sortOrder: 'asc' | 'desc';
      limit: number;
      offset: number;
      activeSince: number;
    },
  ) {
    const pattern = containsPattern(opts.search);
    const rows = await q.all(userPages[opts.sortBy][opts.sortOrder], {
      pattern,
      limit: opts.limit,
      offset: opts.offset,
    });
    const summary = await q.get(views.usersSummary, { pattern, activeSince: opts.activeSince });
    return { rows, total: summary?.total ?? 0, active: summary?.active ?? 0, totalBalance: summary?.balance ?? 0 };
  },

  findUserView: (q: Queryable, id: number) => q.get(views.userView, { id }),

  lockedUsers: (q: Queryable, now: number) => q.all(views.lockedUsers, { now }),

  async activeUsers(q: Queryable, since: number, limit: number, offset: number) {
    const rows = await q.all(views.activeUsers, { since, limit, offset });
    const total = (await q.get(views.activeCount, { since }))?.n ?? 0;
    return { rows, total };
  },

  topWinners: (q: Queryable, limit: number, since: number | null) => q.all(views.topWinners, { since, limit }),

  /** Counts for the summary cards that need no money tables. */
  userCounts: async (q: Queryable, now: number, activeSince: number, seenSince: number) =>
    (await q.get(views.userCounts, { now, activeSince, seenSince })) ?? {
      totalUsers: 0,
      active24h: 0,
      activeUsers: 0,
      lockedUsers: 0,
    },

  totalHoldings: async (q: Queryable) => (await q.get(views.totalHoldings, {})) ?? { gogo: 0, dice: 0 },

  async ledgerPage(q: Queryable, filter: { userId?: number; asset?: 'GOGO' | 'DICE' }, limit: number, offset: number) {
    const params = { userId: filter.userId ?? null, asset: filter.asset ?? null };
    const rows = await q.all(views.ledgerPage, { ...params, limit, offset });
    const total = (await q.get(views.ledgerCount, params))?.n ?? 0;
    return { rows, total };
  },

  async auditPage(q: Queryable, filter: AuditFilter, limit: number, offset: number) {
    const params: AuditParams = {
      adminId: filter.adminId ?? null,
      action: filter.action ?? null,
      targetUserId: filter.targetUserId ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
    };
    const rows = (await q.all(auditStatements.page, { ...params, limit, offset })).map((r) => ({
      ...r,
      before: parseJson(r.before),
      after: parseJson(r.after),
    }));
    const total = (await q.get(auditStatements.count, params))?.n ?? 0;
    return { rows, total };
  },
};

export type AdminRepo = typeof adminRepo;
