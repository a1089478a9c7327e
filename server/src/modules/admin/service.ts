import {
  ACTIVE_USER_WINDOW_DAYS,
  ADMIN_DEFAULT_LIMIT,
  AdminErrorCode,
  ErrorCode,
  TEST_LOGIN_TTL_MINUTES,
  type ActiveUsersResult,
  type AdminPublic,
  type AdminUserView,
  type AllUsersQuery,
  type AllUsersResult,
  type AuditLogQuery,
  type AuditLogResult,
  type LedgerQuery,
  type LedgerResult,
  type LockedUser,
  type Pagination,
  type ResetPasswordResult,
  type SyncBalanceResult,
  type TestLoginResult,
  type TopWinnersResult,
  type UnlockUserResult,
  type UserDetailResult,
} from '@gogo/shared/api';
import { adminText, validationText } from '@gogo/shared/messages';
import { ADMIN_RESET_PASSWORD_MIN, normalizeEmail } from '@gogo/shared/validation';
import { describeBoard } from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Queryable } from '../../db/sql.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { SignOptions, Role } from '../../plugins/auth.js';
import { accounts, isLocked, setPassword } from '../auth/index.js';
import { boardRepo } from '../board/index.js';
import { readGameState, resyncBalances } from '../ledger/index.js';
import { publish, publishRevoke } from '../../core/events.js';
import { writeAudit } from './audit.js';
import { adminRepo as repo, type AdminAccount, type UserViewRow } from './repo.js';

const DAY_MS = 86_400_000;

const userNotFound = () => notFound(adminText.userNotFound, AdminErrorCode.USER_NOT_FOUND);

export const toAdminPublic = (a: AdminAccount): AdminPublic => ({
  id: a.id,
  username: a.username,
  lastLogin: toIso(a.lastLogin),
});

export function toUserView(row: UserViewRow, now: number): AdminUserView {
  const lockedNow = row.lockUntil !== null && row.lockUntil > now;
  return {
    _id: String(row.id),
    id: row.id,
    username: row.username,
    email: row.email,
    isEmailVerified: row.emailVerifiedAt !== null,
    emailVerifiedAt: toIso(row.emailVerifiedAt),
    lastLogin: toIso(row.lastLogin),
    lastSeen: toIso(row.lastSeen),
    createdAt: toIso(row.createdAt)!,
    primaryBalance: row.balance,
    userCreditBalance: row.balance,
    gameStateBalance: row.balance,
    ledgerBalance: row.ledgerGogo,
    diceRollsRemaining: row.dice,
    ledgerDiceRolls: row.ledgerDice,
    balanceSynced: row.balance === row.ledgerGogo && row.dice === row.ledgerDice,
    totalRolls: row.totalRolls,
    isLocked: lockedNow,
    lockUntil: lockedNow ? toIso(row.lockUntil) : null,
    loginAttempts: row.loginAttempts,
  };
}

export function paging(query: { page?: number; limit?: number }) {
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_DEFAULT_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}

export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

/**
 * '2026-01-31' is a whole UTC day: as a start it means 00:00:00.000, as an end 23:59:59.999.
 * A full date-time is taken as is. Throws 400 on a date that does not exist.
 */
export function parseDateBound(value: string | undefined, edge: 'start' | 'end'): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = dayOnly ? Date.parse(`${value}T00:00:00.000Z`) : Date.parse(value);
  if (!Number.isFinite(ms) || (dayOnly && new Date(ms).toISOString().slice(0, 10) !== value)) {
    throw badRequest(AdminErrorCode.INVALID_DATE_RANGE, `Invalid date: ${value}`);
  }
  return dayOnly && edge === 'end' ? ms + DAY_MS - 1 : ms;
}

export function parseDateRange(from: string | undefined, to: string | undefined) {
  const start = parseDateBound(from, 'start');
  const end = parseDateBound(to, 'end');
  if (start !== undefined && end !== undefined && start > end) {
    throw badRequest(AdminErrorCode.INVALID_DATE_RANGE, 'The start date is after the end date.');
  }
  return { start, end };
}

/** The player, or 404. */
async function requirePlayer(q: Queryable, userId: number) {
  const user = await repo.findPlayer(q, userId);
  if (!user) throw userNotFound();
  return user;
}

export interface AdminServiceDeps {
  database: Database;
  clock: Clock;
  /** Clears every address's login lock on a player's account (the throttle's shared counters). */
  unlockLogins: (email: string) => Promise<void>;
  signToken: (role: Role, accountId: number, tokenVersion: number, opts?: SignOptions) => string;
}

/** The back office's logic that is not money (sign-in is modules/admin-security): summaries, users, account tools, audit. */
export function createAdminService(deps: AdminServiceDeps) {
  const { database, clock } = deps;

  return {
    ...createAdminAccountTools(deps),
    ...createAdminReads(deps),
    async me(adminId: number): Promise<AdminPublic> {
      const admin = await repo.findAdminById(database.read, adminId);
      if (!admin) throw new AppError(401, ErrorCode.INVALID_TOKEN, 'Admin account not found.');
      return toAdminPublic(admin);
    },

    /** Revokes every token of this admin (all browsers). */
    async logout(adminId: number, ip: string): Promise<void> {
      const now = clock();
      await database.write(async (tx) => {
        const admin = await repo.lockAdmin(tx, adminId);
        if (!admin) return;
        await repo.bumpAdminTokenVersion(tx, adminId);
        publishRevoke(tx, 'admin', adminId);
        await writeAudit(
          tx,
          {
            adminId,
            action: 'logout',
            targetType: 'admin',
            targetId: adminId,
            before: { tokenVersion: admin.tokenVersion },
            after: { tokenVersion: admin.tokenVersion + 1 },
            ip,
          },
          now,
        );
      });
    },
  };
}

/** The back office's tools on a player's account: unlock, balance resync, password reset, test login. */
function createAdminAccountTools(deps: AdminServiceDeps) {
  const { database, clock } = deps;

  return {
    /**
     * Clears a player's lockout at every address and the soft throttle, found by email (a missing or
     * unknown email gets its validation text).
     */
    async unlockUser(adminId: number, rawEmail: string, ip: string): Promise<UnlockUserResult> {
      if (rawEmail.trim() === '') throw badRequest(ErrorCode.INVALID_EMAIL, validationText.emailRequired);
      const email = normalizeEmail(rawEmail);
      const now = clock();
      const result = await database.write(async (tx) => {
        const found = await repo.findPlayerByEmail(tx, email);
        const user = found && (await repo.lockPlayer(tx, found.id));
        if (!user) throw notFound(validationText.adminUserNotFound, AdminErrorCode.USER_NOT_FOUND);
        const wasLocked = isLocked(user, now);
        await accounts.unlock(tx, user.id);
        publish(tx, { type: 'summary' });
        await writeAudit(
          tx,
          {
            adminId,
            action: 'unlock_user',
            targetUserId: user.id,
            before: { lockUntil: toIso(user.lockUntil), failedLoginAttempts: user.failedLoginAttempts },
            after: { lockUntil: null, failedLoginAttempts: 0 },
            ip,
          },
          now,
        );
        return { userId: user.id, username: user.username, email: user.email, wasLocked };
      });
      await deps.unlockLogins(email);
      return result;
    },

    /** Sets the cached balances to the ledger sums and reports old and new (audited). */
    async syncUserBalance(adminId: number, userId: number, ip: string): Promise<SyncBalanceResult> {
      const now = clock();
      return database.write(async (tx) => {
        const user = await requirePlayer(tx, userId);
        const result = await resyncBalances(tx, userId, now);
        const before = result?.before ?? { GOGO: 0, DICE: 0 };
        const after = result?.after ?? { GOGO: 0, DICE: 0 };
        const changed = before.GOGO !== after.GOGO || before.DICE !== after.DICE;
        if (changed) publish(tx, { type: 'state', userId });
        await writeAudit(
          tx,
          {
            adminId,
            action: 'sync_user_balance',
            targetUserId: userId,
            before: { balance: before.GOGO, diceRollsRemaining: before.DICE },
            after: { balance: after.GOGO, diceRollsRemaining: after.DICE, changed },
            ip,
          },
          now,
        );
        return {
          userId,
          username: user.username,
          oldGameStateBalance: before.GOGO,
          newGameStateBalance: after.GOGO,
          oldDiceRolls: before.DICE,
          newDiceRolls: after.DICE,
          changed,
        };
      });
    },

    /**
     * Sets a new password (argon2id), clears the lockout and revokes every token the player holds.
     * The clear password is answered once and kept nowhere: not in the database, the audit or the logs.
     */
    async resetUserPassword(
      adminId: number,
      input: { userId: number; newPassword: string },
      ip: string,
    ): Promise<ResetPasswordResult> {
      if (input.newPassword.length < ADMIN_RESET_PASSWORD_MIN) {
        throw badRequest(AdminErrorCode.PASSWORD_TOO_SHORT, validationText.adminPasswordTooShort, {
          field: 'newPassword',
        });
      }
      await requirePlayer(database.read, input.userId); // answer 404 before spending time on the hash
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      const result = await database.write(async (tx) => {
        const user = await repo.lockPlayer(tx, input.userId);
        if (!user) throw userNotFound();
        await setPassword(tx, user.id, passwordHash, now);
        publishRevoke(tx, 'player', user.id);
        await writeAudit(
          tx,
          {
            adminId,
            action: 'reset_user_password',
            targetUserId: user.id,
            before: { tokenVersion: user.tokenVersion, lockUntil: toIso(user.lockUntil) },
            after: { tokenVersion: user.tokenVersion + 1, lockUntil: null, passwordChanged: true },
            ip,
          },
          now,
        );
        return {
          userId: user.id,
          username: user.username,
          email: user.email,
          newPassword: input.newPassword,
          tokensRevoked: true,
        };
      });
      await deps.unlockLogins(result.email); // a new password starts with no address locked out
      return result;
    },

    /**
     * Test-login (CHANGELOG.md): the admin signs in as a player to
     * reproduce a problem, without knowing or changing the player's password. The player token lives
     * 15 minutes, names the admin in its `act` claim, is audited, and does not touch the player's
     * lastLogin or other sessions.
     */
    async testLogin(adminId: number, userId: number, ip: string): Promise<TestLoginResult> {
      const now = clock();
      const ttlSeconds = TEST_LOGIN_TTL_MINUTES * 60;
      const user = await database.write(async (tx) => {
        const u = await requirePlayer(tx, userId);
        await writeAudit(
          tx,
          {
            adminId,
            action: 'test_login',
            targetUserId: u.id,
            after: { expiresAt: new Date(now + ttlSeconds * 1000).toISOString() },
            ip,
          },
          now,
        );
        return u;
      });
      return {
        token: deps.signToken('player', user.id, user.tokenVersion, { ttlSeconds, actingAdminId: adminId }),
        user: { id: user.id, username: user.username, email: user.email, lastLogin: toIso(user.lastLogin) },
        expiresAt: new Date(now + ttlSeconds * 1000).toISOString(),
      };
    },
  };
}

/** What the back office reads about players: lists, details, winners, the ledger, the audit log. */
function createAdminReads(deps: AdminServiceDeps) {
  const { database, clock } = deps;

  return {
    async listUsers(query: AllUsersQuery): Promise<AllUsersResult> {
      const now = clock();
      const { page, limit, offset } = paging(query);
      // Lists tolerate the replica's lag (Database.replica); a player's page and every action read the primary.
      const result = await repo.listUsers(database.replica, {
        search: query.search,
        sortBy: query.sortBy ?? 'createdAt',
        sortOrder: query.sortOrder ?? 'desc',
        limit,
        offset,
        activeSince: now - ACTIVE_USER_WINDOW_DAYS * DAY_MS,
      });
      return {
        users: result.rows.map((r) => toUserView(r, now)),
        summary: {
          totalUsers: result.total,
          activeUsers: result.active,
          totalBalance: result.totalBalance,
          averageBalance: result.total === 0 ? 0 : Math.round((result.totalBalance / result.total) * 100) / 100,
        },
        pagination: pagination(page, limit, result.total),
      };
    },

    async userDetail(userId: number): Promise<UserDetailResult> {
      const row = await repo.findUserView(database.read, userId);
      if (!row) throw userNotFound();
      const g = await readGameState(database.read, userId);
      const board = await boardRepo.read(database.read, userId);
      return {
        user: toUserView(row, clock()),
        board: describeBoard(board.board),
        boardsCompleted: board.boardsCompleted,
        gameState: g
          ? {
              position: g.position,
              totalRolls: g.totalRolls,
              totalTokensEarned: g.totalTokensEarned,
              jackpotsHit: g.jackpotsHit,
              lapsCompleted: g.lapsCompleted,
              xp: g.xp,
              level: g.level,
              unlockedAchievements: g.unlockedAchievements,
              updatedAt: toIso(g.updatedAt)!,
            }
          : null,
      };
    },

    async lockedUsers(): Promise<{ lockedUsers: LockedUser[] }> {
      const rows = await repo.lockedUsers(database.read, clock());
      return {
        lockedUsers: rows.map((u) => ({
          _id: String(u.id),
          id: u.id,
          username: u.username,
          email: u.email,
          lockUntil: toIso(u.lockUntil)!,
          loginAttempts: u.loginAttempts,
        })),
      };
    },

    async activeUsers(query: { page?: number; limit?: number }): Promise<ActiveUsersResult> {
      const { page, limit, offset } = paging(query);
      const since = clock() - ACTIVE_USER_WINDOW_DAYS * DAY_MS;
      const { rows, total } = await repo.activeUsers(database.replica, since, limit, offset);
      return {
        activeUsers: rows.map((r) => ({
          _id: String(r.id),
          id: r.id,
          username: r.username,
          email: r.email,
          lastLogin: toIso(r.lastLogin)!,
          lastSeen: toIso(r.lastSeen),
          balance: r.balance,
          diceRollsRemaining: r.dice,
          totalRolls: r.totalRolls,
        })),
        windowDays: ACTIVE_USER_WINDOW_DAYS,
        pagination: pagination(page, limit, total),
      };
    },

    async topWinners(query: { limit?: number; days?: number }): Promise<TopWinnersResult> {
      const days = query.days ?? null;
      const since = days === null ? null : clock() - days * DAY_MS;
      const rows = await repo.topWinners(database.replica, query.limit ?? 10, since);
      return {
        topWinners: rows.map((r, i) => ({
          rank: i + 1,
          _id: String(r.id),
          id: r.id,
          username: r.username,
          email: r.email,
          netWinnings: r.net,
          totalWon: r.won,
          jackpotWinnings: r.jackpot,
          jackpotsHit: r.jackpots,
          balance: r.balance,
        })),
        days,
      };
    },

    async ledger(query: LedgerQuery): Promise<LedgerResult> {
      const { page, limit, offset } = paging(query);
      const filter = { userId: query.userId, asset: query.asset };
      const { rows, total } = await repo.ledgerPage(database.replica, filter, limit, offset);
      return {
        transactions: rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt)! })),
        pagination: pagination(page, limit, total),
      };
    },

    async auditLog(query: AuditLogQuery): Promise<AuditLogResult> {
      const { page, limit, offset } = paging(query);
      const { start, end } = parseDateRange(query.from, query.to);
      const { rows, total } = await repo.auditPage(
        database.read,
        {
          adminId: query.adminId,
          action: query.action?.trim() || undefined,
          targetUserId: query.targetUserId,
          from: start,
          to: end,
        },
        limit,
        offset,
      );
      return {
        entries: rows.map((r) => ({
          id: r.id,
          admin: { id: r.adminId, username: r.adminUsername },
          action: r.action,
          targetUserId: r.targetUserId,
          targetUsername: r.targetUsername,
          targetType: r.targetType,
          targetId: r.targetId,
          before: r.before,
          after: r.after,
          ip: r.ip,
          createdAt: toIso(r.createdAt)!,
        })),
        pagination: pagination(page, limit, total),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
