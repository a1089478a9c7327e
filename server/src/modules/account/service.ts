import { randomBytes } from 'node:crypto';
import { ErrorCode, type AccountStatus, type ExportDocument } from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import { AppError, conflict } from '../../lib/errors.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/passwords.js';
import { accounts } from '../auth/index.js';
import { publishRevoke } from '../../core/events.js';
import type { Counters } from '../throttle/index.js';
import type { Access, FriendGraph } from '../access/index.js';
import { avatarUrl } from '../access/index.js';
import type { AvatarStore } from '../avatars/index.js';
import { profiles } from '../access/index.js';
import { settingsOf } from '../profile/index.js';
import { forgetSessionDevices } from '../sessions/index.js';
import { exportRepo } from './export-repo.js';

/** An export reads every row of the player (about 45 ms per 1000 rolls): one per player per 30 s. */
export const EXPORT_INTERVAL_MS = 30_000;

/** The people a player is deleted into: names no registration can take (a hyphen is not allowed). */
export const deletedUsername = (id: number) => `deleted-${id}`;
export const deletedEmail = (id: number) => `deleted-${id}@deleted.invalid`;

const iso = (ms: number) => new Date(ms).toISOString();

/** The account's life: deactivation, reactivation, the data export and deletion. */
export function createAccountService(deps: {
  database: Database;
  access: Access;
  friends: FriendGraph;
  avatars: AvatarStore;
  counters: Counters;
  clock: Clock;
}) {
  const { database, access, friends, avatars, counters, clock } = deps;
  const read = database.read;

  async function deactivate(viewerId: number, userId: number, reason?: string): Promise<AccountStatus> {
    await access.own(viewerId, userId);
    return database.write(async (tx) => {
      const current = await profiles.lock(tx, userId);
      const now = clock();
      const at = current?.deactivatedAt ?? now;
      const text = reason?.trim() ? reason.trim().slice(0, 500) : (current?.deactivationReason ?? null);
      await profiles.saveProfile(tx, userId, { deactivatedAt: at, deactivationReason: text }, now);
      publishRevoke(tx, 'player', userId, true);
      return { status: 'deactivated' as const, deactivatedAt: iso(at) };
    });
  }

  /** Clears a deactivation inside the caller's transaction; true when there was one. Used by login. */
  async function reactivateIn(tx: Tx, userId: number, now: number): Promise<boolean> {
    const current = await profiles.lock(tx, userId);
    if (!current?.deactivatedAt || current.deletedAt) return false;
    await profiles.saveProfile(tx, userId, { deactivatedAt: null, deactivationReason: null }, now);
    return true;
  }

  async function reactivate(viewerId: number, userId: number): Promise<AccountStatus> {
    await access.own(viewerId, userId);
    await database.write((tx) => reactivateIn(tx, userId, clock()));
    return { status: 'active', deactivatedAt: null };
  }

  async function exportData(viewerId: number, userId: number): Promise<ExportDocument> {
    const { user, profile: row } = await access.ownData(viewerId, userId);
    const now = clock();
    // One export per window per player, counted in the shared counters (every instance agrees).
    const { count, resetAt } = await counters.hit(`export:${userId}`, EXPORT_INTERVAL_MS, now);
    if (count > 1) {
      throw new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, socialText.exportTooSoon, { retryAt: iso(resetAt) });
    }
    const [rows, moneyTransactions, spendRequests, referral, friendList, requests] = await Promise.all([
      exportRepo.rows(read, userId),
      exportRepo.moneyTransactions(read, userId),
      exportRepo.idempotencyKeys(read, userId),
      exportRepo.referral(read, userId),
      friends.friendsOf(read, userId),
      friends.historyOf(read, userId),
    ]);
    return {
      format: 'gogo-board-export',
      version: 1,
      exportedAt: iso(now),
      account: {
        id: user.id,
        username: user.username,
        email: user.email,
        createdAt: iso(user.createdAt),
        lastLogin: toIso(user.lastLogin),
        lastSeen: toIso(user.lastSeen),
        failedLoginAttempts: user.failedLoginAttempts,
        lockedUntil: toIso(user.lockUntil),
        status: row?.deactivatedAt ? 'deactivated' : 'active',
        deactivatedAt: toIso(row?.deactivatedAt),
        deactivationReason: row?.deactivationReason ?? null,
      },
      settings: settingsOf(row),
      avatar: row?.avatarFile
        ? { url: avatarUrl(row.avatarFile)!, mime: row.avatarMime ?? '', updatedAt: toIso(row.avatarUpdatedAt) }
        : null,
      ...rows,
      moneyTransactions,
      spendRequests,
      referral,
      friends: friendList.map((f) => ({ username: f.username, since: iso(f.since) })),
      friendRequests: requests.map((r) => ({
        direction: r.incoming ? ('incoming' as const) : ('outgoing' as const),
        username: r.username,
        status: r.status as 'pending' | 'accepted' | 'declined' | 'cancelled',
        createdAt: iso(r.createdAt),
        respondedAt: toIso(r.respondedAt),
      })),
    };
  }

  const pendingTransactions = () => conflict(ErrorCode.PENDING_TRANSACTIONS, socialText.pendingTransactions);

  /**
   * Deletes the account: personal data goes, the game and money records stay (the ledger must keep
   * explaining every balance) under an anonymised user row that can never log in again.
   */
  async function deleteAccount(viewerId: number, userId: number, password: string) {
    const { user } = await access.own(viewerId, userId);
    await access.confirmPassword(user, password, socialText.passwordIncorrect);
    if ((await exportRepo.pendingMoneyCount(read, userId)) > 0) throw pendingTransactions();
    // A hash of 32 random bytes that nobody ever knew: no password can match it.
    const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
    const now = clock();
    const avatar = await database.write(async (tx) => {
      // The users row is locked first: a money request of this player waits for the deletion.
      await accounts.lockUser(tx, userId);
      if ((await exportRepo.pendingMoneyCount(tx, userId)) > 0) throw pendingTransactions();
      const file = (await profiles.lock(tx, userId))?.avatarFile ?? null;
      const emailHolder = await accounts.userByEmail(tx, deletedEmail(userId));
      publishRevoke(tx, 'player', userId, true);
      await accounts.anonymise(tx, userId, {
        username: deletedUsername(userId),
        email:
          emailHolder && emailHolder.id !== userId
            ? `deleted-${userId}-${randomBytes(6).toString('hex')}@deleted.invalid`
            : deletedEmail(userId),
        passwordHash: unusableHash,
      });
      await profiles.saveProfile(
        tx,
        userId,
        {
          preferences: null,
          gamePreferences: null,
          notifications: null,
          profileVisibility: 'private',
          showOnLeaderboard: false,
          showOnlineStatus: false,
          avatarFile: null,
          avatarMime: null,
          avatarUpdatedAt: null,
          deactivatedAt: null,
          deactivationReason: null,
          deletedAt: now,
        },
        now,
      );
      await friends.deleteAllOf(tx, userId);
      await forgetSessionDevices(tx, userId);
      return file;
    });
    avatars.remove(avatar);
    await access.forgetPasswordFailures(userId);
    return { deleted: true, deletedAt: iso(now) };
  }

  return { deactivate, reactivate, reactivateIn, exportData, deleteAccount };
}

export type AccountService = ReturnType<typeof createAccountService>;
