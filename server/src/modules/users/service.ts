import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type AccountStatus,
  type Activity,
  type ActivityItem,
  type Analytics,
  type AnalyticsBucket,
  type AnalyticsPeriod,
  type AvatarResult,
  type ExportDocument,
  type GameHistory,
  type GamePreferencesPatch,
  type LastSeen,
  type LeaderboardHistory,
  type NotificationsPatch,
  type OnlineStatus,
  type OnlineUsers,
  type PlayerAchievements,
  type PreferencesPatch,
  type Presence,
  type PrivacyPatch,
  type ProfileUpdateBody,
  type SearchResults,
  type TopPlayers,
  type UserCard,
  type UserProfile,
  type UserSettings,
  type UserStats,
  AVATAR_MAX_DIMENSION,
} from '@gogo/shared/api';
import { errorTextByCode, socialText } from '@gogo/shared/messages';
import { achievementById, TILES, utcDay } from '@gogo/shared/rules';
import { normalizeEmail, validateEmail, validateUsername } from '@gogo/shared/validation';
import type { Database_, Db } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { StatsRepo } from '../stats/repo.js';
import { ONLINE_WINDOW_MS, periodStart, type StatsService } from '../stats/service.js';
import type { FriendsRepo } from '../friends/repo.js';
import { inspectImage } from './avatar-image.js';
import { avatarUrl, type AvatarStore } from './avatar-store.js';
import {
  canSeePresence,
  canViewProfile,
  isActiveAccount,
  isVisibleOnLeaderboard,
  type PrivacyState,
  type Relation,
} from './privacy.js';
import type { ProfileRow, UserRow, UsersRepo } from './repo.js';
import { mergeGamePreferences, mergeNotifications, mergePreferences, mergePrivacy, settingsOf } from './settings.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** Wrong passwords on sensitive actions (email change, deletion): per player, in memory. */
export const PASSWORD_FAILURES_MAX = 5;
export const PASSWORD_FAILURES_WINDOW_MS = 15 * 60_000;
export const SEARCH_DEFAULT_LIMIT = 10;
export const TOP_PLAYERS_DEFAULT_LIMIT = 10;
export const ONLINE_DEFAULT_LIMIT = 50;
/** An export reads every row of the player (about 45 ms per 1000 rolls): one per player per 30 s. */
export const EXPORT_INTERVAL_MS = 30_000;

/** The people a player is deleted into: names no registration can take (a hyphen is not allowed). */
export const deletedUsername = (id: number) => `deleted-${id}`;
export const deletedEmail = (id: number) => `deleted-${id}@deleted.invalid`;

interface Target {
  user: UserRow;
  profile: ProfileRow | undefined;
  privacy: PrivacyState | undefined;
  rel: Relation;
}

export function createUsersService(deps: {
  database: Database_;
  repo: UsersRepo;
  friends: FriendsRepo;
  stats: StatsService;
  statsRepo: StatsRepo;
  avatars: AvatarStore;
  clock: Clock;
}) {
  const { database, repo, friends, stats, statsRepo, avatars, clock } = deps;
  const failures = new Map<number, { start: number; count: number }>();
  const lastExport = new Map<number, number>();

  // --- access -----------------------------------------------------------------------------

  const relation = (viewerId: number, userId: number): Relation => ({
    isSelf: viewerId === userId,
    isFriend: friends.areFriends(viewerId, userId),
  });

  /** The player as the viewer may reach them at all: 404 when unknown, deleted, or deactivated (for others). */
  function reach(viewerId: number, userId: number): Target {
    const user = repo.userById(userId);
    const profile = user ? repo.profile(userId) : undefined;
    const privacy = profile ? privacyFrom(profile) : undefined;
    const rel = relation(viewerId, userId);
    if (!user || privacy?.deletedAt || (!rel.isSelf && !isActiveAccount(privacy))) {
      throw notFound(socialText.playerNotFound);
    }
    return { user, profile, privacy, rel };
  }

  /** Reading another player: their profile visibility decides (403 with the reason). */
  function readable(viewerId: number, userId: number): Target {
    const target = reach(viewerId, userId);
    if (!canViewProfile(target.privacy, target.rel)) {
      throw new AppError(
        403,
        ErrorCode.PROFILE_PRIVATE,
        target.privacy?.profileVisibility === 'friends' ? socialText.profileFriendsOnly : socialText.profilePrivate,
      );
    }
    return target;
  }

  /** Changing a player: only themselves. */
  function own(viewerId: number, userId: number): Target {
    if (viewerId !== userId) throw forbidden(socialText.ownAccountOnly);
    return reach(viewerId, userId);
  }

  /** Data only the player sees (analytics, requests, export). */
  function ownData(viewerId: number, userId: number): Target {
    if (viewerId !== userId) {
      reach(viewerId, userId); // unknown players are still 404
      throw forbidden(socialText.ownDataOnly);
    }
    return reach(viewerId, userId);
  }

  function presenceOf(privacy: PrivacyState | undefined, rel: Relation, lastSeen: number | null): Presence {
    if (!canSeePresence(privacy, rel)) return { isOnline: null, lastSeen: null };
    return {
      isOnline: lastSeen !== null && lastSeen >= clock() - ONLINE_WINDOW_MS,
      lastSeen: toIso(lastSeen),
    };
  }

  function checkPasswordBudget(userId: number) {
    const w = failures.get(userId);
    if (w && clock() - w.start < PASSWORD_FAILURES_WINDOW_MS && w.count >= PASSWORD_FAILURES_MAX) {
      throw new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, socialText.tooManyPasswordAttempts);
    }
  }
  function countPasswordFailure(userId: number) {
    const now = clock();
    const w = failures.get(userId);
    if (!w || now - w.start >= PASSWORD_FAILURES_WINDOW_MS) failures.set(userId, { start: now, count: 1 });
    else w.count += 1;
  }
  async function confirmPassword(user: UserRow, password: string | undefined, missingText: string) {
    if (!password) throw badRequest(ErrorCode.INVALID_PASSWORD, missingText, { field: 'currentPassword' });
    checkPasswordBudget(user.id);
    if (!(await verifyPassword(user.passwordHash, password))) {
      countPasswordFailure(user.id);
      throw new AppError(403, ErrorCode.INVALID_PASSWORD, socialText.passwordIncorrect);
    }
    failures.delete(user.id);
  }

  const card = (id: number, username: string, avatarFile: string | null | undefined): UserCard => ({
    id,
    username,
    avatarUrl: avatarUrl(avatarFile),
  });

  // --- profile and settings ----------------------------------------------------------------

  function profile(viewerId: number, userId: number): UserProfile {
    const { user, profile: row, privacy, rel } = readable(viewerId, userId);
    const pending = rel.isSelf ? undefined : friends.pendingMap(viewerId).get(userId);
    const result: UserProfile = {
      id: user.id,
      username: user.username,
      avatarUrl: avatarUrl(row?.avatarFile),
      memberSince: iso(user.createdAt),
      level: repo.levelOf(user.id),
      profileVisibility: privacy?.profileVisibility ?? 'public',
      isSelf: rel.isSelf,
      isFriend: rel.isFriend,
      friendRequest: pending ?? null,
      friendsCount: friends.countFriends(user.id),
      presence: presenceOf(privacy, rel, user.lastSeen),
    };
    if (!rel.isSelf) return result;
    return {
      ...result,
      account: {
        email: user.email,
        createdAt: iso(user.createdAt),
        lastLogin: toIso(user.lastLogin),
        status: row?.deactivatedAt ? 'deactivated' : 'active',
        deactivatedAt: toIso(row?.deactivatedAt),
        settings: settingsOf(row),
      },
    };
  }

  async function updateProfile(viewerId: number, userId: number, body: ProfileUpdateBody): Promise<UserProfile> {
    const { user } = own(viewerId, userId);
    const patch: { username?: string; email?: string } = {};
    if (body.username !== undefined) {
      const username = body.username.trim();
      const error = validateUsername(username);
      if (error) throw badRequest(ErrorCode.INVALID_USERNAME, error, { field: 'username' });
      if (username !== user.username) patch.username = username;
    }
    if (body.email !== undefined) {
      const error = validateEmail(body.email);
      if (error) throw badRequest(ErrorCode.INVALID_EMAIL, error, { field: 'email' });
      const email = normalizeEmail(body.email);
      if (email !== user.email) {
        await confirmPassword(user, body.currentPassword, socialText.currentPasswordRequired);
        patch.email = email;
      }
    }
    const now = clock();
    database.legacyWrite((tx) => {
      // Checked under the write lock: another request may have taken the name meanwhile.
      if (patch.username !== undefined) {
        const holder = repo.findUserByUsername(patch.username);
        if (holder && holder.id !== userId) {
          throw conflict(ErrorCode.USERNAME_ALREADY_EXISTS, errorTextByCode.USERNAME_ALREADY_EXISTS);
        }
      }
      if (patch.email !== undefined) {
        const holder = repo.findUserByEmail(patch.email);
        if (holder && holder.id !== userId) {
          throw conflict(ErrorCode.EMAIL_ALREADY_EXISTS, errorTextByCode.EMAIL_ALREADY_EXISTS);
        }
      }
      if (patch.username !== undefined || patch.email !== undefined) repo.updateUser(tx, userId, patch);
      if (body.preferences) writeSettings(tx, userId, { preferences: body.preferences }, now);
    });
    return profile(viewerId, userId);
  }

  interface SettingsPatch {
    preferences?: PreferencesPatch;
    gamePreferences?: GamePreferencesPatch;
    privacy?: PrivacyPatch;
    notifications?: NotificationsPatch;
  }

  function writeSettings(tx: Db, userId: number, patch: SettingsPatch, now: number): UserSettings {
    const current = settingsOf(repo.profile(userId));
    let preferences = patch.preferences
      ? mergePreferences(current.preferences, patch.preferences)
      : current.preferences;
    let gamePreferences = patch.gamePreferences
      ? mergeGamePreferences(current.gamePreferences, patch.gamePreferences)
      : current.gamePreferences;
    // One theme shown in two places: whichever was sent wins.
    const theme = patch.preferences?.theme ?? patch.gamePreferences?.display?.theme;
    if (theme) {
      preferences = { ...preferences, theme };
      gamePreferences = { ...gamePreferences, display: { ...gamePreferences.display, theme } };
    }
    const privacy = patch.privacy ? mergePrivacy(current.privacy, patch.privacy) : current.privacy;
    const notifications = patch.notifications
      ? mergeNotifications(current.notifications, patch.notifications)
      : current.notifications;
    repo.saveProfile(
      tx,
      userId,
      {
        preferences,
        gamePreferences,
        notifications,
        profileVisibility: privacy.profileVisibility,
        showOnLeaderboard: privacy.showOnLeaderboard,
        showOnlineStatus: privacy.showOnlineStatus,
      },
      now,
    );
    return { preferences, gamePreferences, privacy, notifications };
  }

  function patchSettings(viewerId: number, userId: number, patch: SettingsPatch): UserSettings {
    own(viewerId, userId);
    return database.legacyWrite((tx) => writeSettings(tx, userId, patch, clock()));
  }

  // --- stats, activity, history -----------------------------------------------------------

  function userStats(viewerId: number, userId: number): UserStats {
    const { profile: row } = readable(viewerId, userId);
    return {
      ...stats.playerStats(viewerId, userId),
      avatarUrl: avatarUrl(row?.avatarFile),
      friendsCount: friends.countFriends(userId),
    };
  }

  function activity(viewerId: number, userId: number, limit = 20, before?: number): Activity {
    const { rel } = readable(viewerId, userId);
    const rows = repo.activity(userId, rel.isSelf, before ?? Number.MAX_SAFE_INTEGER, limit + 1);
    const page = rows.slice(0, limit);
    const items = page.map((row): ActivityItem => {
      switch (row.type) {
        case 'achievement': {
          const a = achievementById(row.ref ?? '');
          return {
            type: row.type,
            at: iso(row.at),
            title: `Achievement unlocked: ${a?.name ?? row.ref}`,
            detail: a?.description ?? '',
            amount: row.amount,
          };
        }
        case 'jackpot': {
          const tile = TILES[Number(row.ref)];
          return {
            type: row.type,
            at: iso(row.at),
            title: 'Jackpot!',
            detail: `Landed on ${tile?.name ?? 'a jackpot tile'}`,
            amount: row.amount,
          };
        }
        case 'lap':
          return { type: row.type, at: iso(row.at), title: 'Lap completed', detail: 'Passed Start', amount: null };
        case 'level_up':
          return {
            type: row.type,
            at: iso(row.at),
            title: `Reached level ${row.amount ?? ''}`.trim(),
            detail: 'Level up',
            amount: row.amount,
          };
        case 'daily_login':
          return {
            type: row.type,
            at: iso(row.at),
            title: 'Daily login bonus',
            detail: `Day ${row.extra ?? 1} of the streak`,
            amount: row.amount,
          };
        case 'daily_dice':
          return {
            type: row.type,
            at: iso(row.at),
            title: 'Free daily dice claimed',
            detail: `Day ${row.extra ?? 1} of the streak`,
            amount: row.amount,
          };
        case 'friend':
          return {
            type: row.type,
            at: iso(row.at),
            title: 'New friend',
            detail: `You and ${row.ref ?? 'a player'} are now friends`,
            amount: null,
          };
      }
    });
    return {
      userId,
      items,
      nextBefore: rows.length > limit && page.length > 0 ? page[page.length - 1]!.at : null,
    };
  }

  function gameHistory(viewerId: number, userId: number, limit = 20, beforeSeq?: number): GameHistory {
    readable(viewerId, userId);
    const rows = repo.historyRolls(userId, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit + 1);
    const page = rows.slice(0, limit);
    return {
      userId,
      totalRolls: repo.lifetimeRolls(userId),
      rolls: page.map((r) => {
        const tile = TILES[r.tileId];
        return {
          rollId: r.rollId,
          seq: r.seq,
          createdAt: iso(r.createdAt),
          die: r.die,
          from: r.from,
          to: r.to,
          tileId: r.tileId,
          tileName: tile?.name ?? `Tile ${r.tileId}`,
          tileType: tile?.type ?? 'UNKNOWN',
          reward: r.reward,
          achievementReward: r.achievementReward,
          isJackpot: r.isJackpot === 1,
          lapCompleted: r.to === 0,
        };
      }),
      nextBeforeSeq: rows.length > limit && page.length > 0 ? page[page.length - 1]!.seq : null,
    };
  }

  function achievements(viewerId: number, userId: number): PlayerAchievements {
    readable(viewerId, userId);
    return stats.achievements(userId);
  }

  function analytics(viewerId: number, userId: number, period: AnalyticsPeriod = 'week'): Analytics {
    const { user } = ownData(viewerId, userId);
    const now = clock();
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const dayStart = Math.floor(now / DAY) * DAY;
    // Buckets: the hours of the last 24 h, the days of the last 7 or 30, or the months since joining.
    let starts: number[];
    if (period === 'day') starts = Array.from({ length: 24 }, (_, i) => hourStart - (23 - i) * HOUR);
    else if (period === 'week') starts = Array.from({ length: 7 }, (_, i) => dayStart - (6 - i) * DAY);
    else if (period === 'month') starts = Array.from({ length: 30 }, (_, i) => dayStart - (29 - i) * DAY);
    else {
      const first = new Date(Math.min(user.createdAt, now));
      starts = [];
      let y = first.getUTCFullYear();
      let m = first.getUTCMonth();
      for (;;) {
        const start = Date.UTC(y, m, 1);
        if (start > now) break;
        starts.push(start);
        m += 1;
        if (m === 12) {
          m = 0;
          y += 1;
        }
      }
    }
    const since = starts[0]!;
    const until = now;
    const series: AnalyticsBucket[] = starts.map((s) => ({ start: iso(s), rolls: 0, gogoIn: 0, gogoOut: 0 }));
    const index = new Map(starts.map((s, i) => [s, i]));
    const bucketMs = period === 'day' ? HOUR : period === 'all' ? 'month' : DAY;
    for (const row of repo.series(userId, since, until, bucketMs)) {
      const bucket = series[index.get(row.start) ?? -1];
      if (!bucket) continue;
      bucket.rolls += row.rolls;
      bucket.gogoIn += row.gogoIn;
      bucket.gogoOut += row.gogoOut;
    }

    const byDie = [0, 0, 0, 0, 0, 0];
    const byTileType = { START: 0, PROPERTY: 0, CHANCE: 0, PENALTY: 0, JACKPOT: 0 };
    let count = 0;
    let jackpots = 0;
    let laps = 0;
    let best: number | null = null;
    let worst: number | null = null;
    for (const r of repo.rollsInPeriod(userId, since, until)) {
      count += r.n;
      if (r.die >= 1 && r.die <= 6) byDie[r.die - 1]! += r.n;
      const type = TILES[r.tileId]?.type;
      if (type) byTileType[type] += r.n;
      jackpots += r.jackpots;
      laps += r.laps;
      best = best === null ? r.best : Math.max(best, r.best);
      worst = worst === null ? r.worst : Math.min(worst, r.worst);
    }
    let credited = 0;
    let debited = 0;
    const byType: Record<string, number> = {};
    const dice = { gained: 0, used: 0 };
    for (const l of repo.ledgerInPeriod(userId, since, until)) {
      if (l.asset === 'GOGO') {
        credited += l.credited;
        debited += l.debited;
        byType[l.type] = (byType[l.type] ?? 0) + l.credited - l.debited;
      } else {
        dice.gained += l.credited;
        dice.used += l.debited;
      }
    }
    return {
      userId,
      period,
      since: iso(since),
      until: iso(until),
      rolls: { count, byDie, byTileType, jackpots, laps, bestReward: best, worstReward: worst },
      gogo: { credited, debited, net: credited - debited, byType },
      dice,
      achievementsUnlocked: repo.unlocksInPeriod(userId, since, until),
      series,
    };
  }

  function leaderboardHistory(viewerId: number, userId: number, days = 30): LeaderboardHistory {
    const { privacy } = readable(viewerId, userId);
    const listed = isVisibleOnLeaderboard(privacy);
    const now = clock();
    const standing = (period: 'all' | 'day' | 'week' | 'month') => {
      const since = periodStart(period, now);
      const me = listed ? statsRepo.rankOf(since, userId) : undefined;
      return { rank: me?.rank ?? null, score: me?.score ?? null, totalRanked: statsRepo.rankedCount(since) };
    };
    const from = Math.floor(now / DAY) * DAY - (days - 1) * DAY;
    return {
      userId,
      listed,
      current: { all: standing('all'), day: standing('day'), week: standing('week'), month: standing('month') },
      daily: listed
        ? repo.dailyRanks(userId, from).map((d) => ({
            day: utcDay(d.day * DAY),
            rank: d.rank,
            score: d.score,
            totalRanked: d.totalRanked,
          }))
        : [],
    };
  }

  // --- discovery ----------------------------------------------------------------------------

  function search(viewerId: number, query: string, limit = SEARCH_DEFAULT_LIMIT): SearchResults {
    const q = query.trim();
    if (q === '') return { query: q, results: [] };
    const pending = friends.pendingMap(viewerId);
    // The query applies isDiscoverable (active, not private, not the viewer) in SQL.
    const results = repo.search(viewerId, q, limit).map((row) => {
      const rel = { isSelf: false, isFriend: row.isFriend === 1 };
      const privacy = { ...defaultsPrivacy(), profileVisibility: row.profileVisibility };
      const canView = canViewProfile(privacy, rel);
      return {
        ...card(row.id, row.username, row.avatarFile),
        level: canView ? row.level : null,
        canViewProfile: canView,
        isFriend: rel.isFriend,
        friendRequest: pending.get(row.id) ?? null,
      };
    });
    return { query: q, results };
  }

  function online(viewerId: number, limit = ONLINE_DEFAULT_LIMIT): OnlineUsers {
    const since = clock() - ONLINE_WINDOW_MS;
    return {
      total: repo.onlineCount(viewerId, since),
      windowMinutes: ONLINE_WINDOW_MS / 60_000,
      users: repo.online(viewerId, since, limit).map((row) => ({
        ...card(row.id, row.username, row.avatarFile),
        lastSeen: iso(row.lastSeen),
        isFriend: row.isFriend === 1,
      })),
    };
  }

  function topPlayers(viewerId: number, limit = TOP_PLAYERS_DEFAULT_LIMIT): TopPlayers {
    const board = stats.leaderboard(viewerId, { limit, period: 'all' });
    return {
      totalRanked: board.totalRanked,
      updatedAt: board.updatedAt,
      players: board.entries.map((e) => ({
        ...card(e.userId, e.username, repo.profile(e.userId)?.avatarFile),
        rank: e.rank,
        score: e.score,
        level: e.level,
        totalTokensEarned: e.totalTokensEarned,
        totalRolls: e.totalRolls,
        jackpotsHit: e.jackpotsHit,
        achievementsUnlocked: e.achievementsUnlocked,
        isSelf: e.isSelf,
      })),
    };
  }

  function onlineStatus(viewerId: number, userId: number): OnlineStatus {
    const { user, privacy, rel } = reach(viewerId, userId);
    const presence = presenceOf(privacy, rel, user.lastSeen);
    return { userId, isOnline: presence.isOnline === true, visible: presence.isOnline !== null };
  }

  function lastSeen(viewerId: number, userId: number): LastSeen {
    const { user, privacy, rel } = reach(viewerId, userId);
    const visible = canSeePresence(privacy, rel);
    return { userId, lastSeen: visible ? toIso(user.lastSeen) : null, visible };
  }

  // --- avatar -------------------------------------------------------------------------------

  function uploadAvatar(viewerId: number, userId: number, bytes: Buffer): AvatarResult {
    own(viewerId, userId);
    const image = inspectImage(bytes, AVATAR_MAX_DIMENSION);
    if ('error' in image) {
      if (image.error === 'dimensions') {
        throw badRequest(ErrorCode.AVATAR_DIMENSIONS, socialText.avatarDimensions, {
          width: image.width,
          height: image.height,
          max: AVATAR_MAX_DIMENSION,
        });
      }
      throw badRequest(ErrorCode.AVATAR_INVALID_TYPE, socialText.avatarInvalidType);
    }
    const file = avatars.save(image.data, image.ext);
    let previous: string | null = null;
    try {
      database.legacyWrite((tx) => {
        previous = repo.profile(userId)?.avatarFile ?? null;
        const now = clock();
        repo.saveProfile(tx, userId, { avatarFile: file, avatarMime: image.mime, avatarUpdatedAt: now }, now);
      });
    } catch (err) {
      avatars.remove(file);
      throw err;
    }
    avatars.remove(previous);
    return {
      avatarUrl: avatarUrl(file),
      mime: image.mime,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
    };
  }

  function deleteAvatar(viewerId: number, userId: number): AvatarResult {
    own(viewerId, userId);
    const previous = database.legacyWrite((tx) => {
      const file = repo.profile(userId)?.avatarFile ?? null;
      if (file) repo.saveProfile(tx, userId, { avatarFile: null, avatarMime: null, avatarUpdatedAt: null }, clock());
      return file;
    });
    avatars.remove(previous);
    return { avatarUrl: null, mime: null, width: null, height: null, bytes: null };
  }

  /** The bytes and type of an avatar file that belongs to an existing account, or null. */
  function avatarFile(file: string): { data: Buffer; mime: string } | null {
    const owner = repo.avatarByFile(file);
    if (!owner || owner.deletedAt || !owner.mime) return null;
    const data = avatars.read(file);
    return data ? { data, mime: owner.mime } : null;
  }

  // --- lifecycle ----------------------------------------------------------------------------

  function deactivate(viewerId: number, userId: number, reason?: string): AccountStatus {
    own(viewerId, userId);
    return database.legacyWrite((tx) => {
      const current = repo.profile(userId);
      const now = clock();
      const at = current?.deactivatedAt ?? now;
      const text = reason?.trim() ? reason.trim().slice(0, 500) : (current?.deactivationReason ?? null);
      repo.saveProfile(tx, userId, { deactivatedAt: at, deactivationReason: text }, now);
      return { status: 'deactivated' as const, deactivatedAt: iso(at) };
    });
  }

  function reactivate(viewerId: number, userId: number): AccountStatus {
    own(viewerId, userId);
    database.legacyWrite((tx) => reactivateIn(tx, userId, clock()));
    return { status: 'active', deactivatedAt: null };
  }

  /** Clears a deactivation inside the caller's transaction; true when there was one. Used by login. */
  function reactivateIn(tx: Db, userId: number, now: number): boolean {
    const current = repo.profile(userId);
    if (!current?.deactivatedAt || current.deletedAt) return false;
    repo.saveProfile(tx, userId, { deactivatedAt: null, deactivationReason: null }, now);
    return true;
  }

  function exportData(viewerId: number, userId: number): ExportDocument {
    const { user, profile: row } = ownData(viewerId, userId);
    const now = clock();
    const previous = lastExport.get(userId);
    if (previous !== undefined && now - previous >= 0 && now - previous < EXPORT_INTERVAL_MS) {
      throw new AppError(429, ErrorCode.RATE_LIMIT_EXCEEDED, socialText.exportTooSoon, {
        retryAt: iso(previous + EXPORT_INTERVAL_MS),
      });
    }
    if (lastExport.size > 10_000) lastExport.clear();
    lastExport.set(userId, now);
    const rows = repo.exportRows(userId);
    const friendList = friends.friendsOf(userId);
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
      gameState: rows.gameState ? repo.camelRow(rows.gameState, ['user_id']) : null,
      ledger: rows.ledger,
      rolls: rows.rolls,
      fairnessSeeds: rows.fairnessSeeds,
      achievements: rows.achievements,
      dailyLogins: rows.dailyLogins,
      dailyDiceClaims: rows.dailyDiceClaims,
      streaks: rows.streaks,
      playSessions: rows.playSessions,
      moneyTransactions: repo.moneyTransactions(userId),
      spendRequests: repo.idempotencyKeys(userId),
      referral: repo.referral(userId),
      friends: friendList.map((f) => ({ username: f.username, since: iso(f.since) })),
      friendRequests: friends.historyOf(userId).map((r) => ({
        direction: r.incoming ? ('incoming' as const) : ('outgoing' as const),
        username: r.username,
        status: r.status,
        createdAt: iso(r.createdAt),
        respondedAt: toIso(r.respondedAt),
      })),
    };
  }

  /**
   * Deletes the account: personal data goes, the game and money records stay (the ledger must keep
   * explaining every balance) under an anonymised user row that can never log in again.
   */
  async function deleteAccount(viewerId: number, userId: number, password: string) {
    const { user } = own(viewerId, userId);
    await confirmPassword(user, password, socialText.passwordIncorrect);
    if (repo.pendingMoneyCount(userId) > 0) {
      throw conflict(ErrorCode.PENDING_TRANSACTIONS, socialText.pendingTransactions);
    }
    // A hash of 32 random bytes that nobody ever knew: no password can match it.
    const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
    const now = clock();
    const avatar = database.legacyWrite((tx) => {
      if (repo.pendingMoneyCount(userId) > 0) {
        throw conflict(ErrorCode.PENDING_TRANSACTIONS, socialText.pendingTransactions);
      }
      const file = repo.profile(userId)?.avatarFile ?? null;
      const emailHolder = repo.findUserByEmail(deletedEmail(userId));
      repo.updateUser(tx, userId, {
        username: deletedUsername(userId),
        email:
          emailHolder && emailHolder.id !== userId
            ? `deleted-${userId}-${randomBytes(6).toString('hex')}@deleted.invalid`
            : deletedEmail(userId),
        passwordHash: unusableHash,
        tokenVersion: user.tokenVersion + 1,
        failedLoginAttempts: 0,
        lockUntil: null,
        lastLogin: null,
        lastSeen: null,
      });
      repo.saveProfile(
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
      friends.deleteAllOf(tx, userId);
      repo.forgetSessionDevices(tx, userId);
      return file;
    });
    avatars.remove(avatar);
    failures.delete(userId);
    return { deleted: true, deletedAt: iso(now) };
  }

  return {
    relation,
    reach,
    readable,
    own,
    ownData,
    presenceOf,
    card,
    profile,
    updateProfile,
    patchPreferences: (v: number, id: number, p: PreferencesPatch) => patchSettings(v, id, { preferences: p }),
    patchGamePreferences: (v: number, id: number, p: GamePreferencesPatch) =>
      patchSettings(v, id, { gamePreferences: p }),
    patchPrivacy: (v: number, id: number, p: PrivacyPatch) => patchSettings(v, id, { privacy: p }),
    patchNotifications: (v: number, id: number, p: NotificationsPatch) => patchSettings(v, id, { notifications: p }),
    userStats,
    activity,
    gameHistory,
    achievements,
    analytics,
    leaderboardHistory,
    search,
    online,
    topPlayers,
    onlineStatus,
    lastSeen,
    uploadAvatar,
    deleteAvatar,
    avatarFile,
    deactivate,
    reactivate,
    reactivateIn,
    exportData,
    deleteAccount,
    /** For the engine's queries: may the viewer read this player's stats? */
    canRead(viewerId: number, userId: number): boolean {
      try {
        readable(viewerId, userId);
        return true;
      } catch {
        return false;
      }
    },
  };
}

function privacyFrom(row: ProfileRow): PrivacyState {
  return {
    profileVisibility: row.profileVisibility,
    showOnLeaderboard: row.showOnLeaderboard,
    showOnlineStatus: row.showOnlineStatus,
    deactivatedAt: row.deactivatedAt,
    deletedAt: row.deletedAt,
  };
}

function defaultsPrivacy(): PrivacyState {
  return {
    profileVisibility: 'public',
    showOnLeaderboard: true,
    showOnlineStatus: true,
    deactivatedAt: null,
    deletedAt: null,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
