import {
  ErrorCode,
  type GamePreferencesPatch,
  type LeaderboardHistory,
  type NotificationsPatch,
  type PlayerAchievements,
  type PreferencesPatch,
  type PrivacyPatch,
  type ProfileUpdateBody,
  type UserProfile,
  type UserSettings,
  type UserStats,
} from '@gogo/shared/api';
import { errorTextByCode } from '@gogo/shared/messages';
import { utcDay } from '@gogo/shared/rules';
import { normalizeEmail, validateEmail, validateUsername } from '@gogo/shared/validation';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { accounts } from '../auth/index.js';
import type { StatsService } from '../stats/index.js';
import { dailyRanksOf } from '../stats/index.js';
import { socialText } from '@gogo/shared/messages';
import type { Access, FriendGraph } from '../access/index.js';
import { avatarUrl } from '../access/index.js';
import { isVisibleOnLeaderboard } from '../../core/privacy.js';
import { profiles } from '../access/index.js';
import { createHistoryService } from './history.js';
import { mergeGamePreferences, mergeNotifications, mergePreferences, mergePrivacy, settingsOf } from './settings.js';

const DAY = 24 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

export interface SettingsPatch {
  preferences?: PreferencesPatch;
  gamePreferences?: GamePreferencesPatch;
  privacy?: PrivacyPatch;
  notifications?: NotificationsPatch;
}

/** From the recovery module: the verified flag, and an email change unverifies and mails the new address. */
export interface EmailStatusHooks {
  verified(userId: number): Promise<boolean>;
  changedIn(tx: Tx, user: { id: number; username: string; email: string }, now: number): Promise<void>;
}

/** Applies a settings patch in the caller's transaction; one theme sent in either place sets both. */
async function writeSettings(tx: Tx, userId: number, patch: SettingsPatch, now: number): Promise<UserSettings> {
  const current = settingsOf(await profiles.profile(tx, userId));
  let preferences = patch.preferences ? mergePreferences(current.preferences, patch.preferences) : current.preferences;
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
  await profiles.saveProfile(
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
/** The profile page: who the player is, their settings, stats, achievements and standing. */
export function createProfileService(deps: {
  database: Database;
  access: Access;
  friends: FriendGraph;
  stats: StatsService;
  clock: Clock;
  emailStatus: EmailStatusHooks;
}) {
  const { database, access, friends, stats, clock } = deps;
  const read = database.read;

  async function profile(viewerId: number, userId: number): Promise<UserProfile> {
    const { user, profile: row, privacy, rel } = await access.readable(viewerId, userId);
    const [pending, level, friendsCount] = await Promise.all([
      rel.isSelf ? undefined : friends.pendingMap(read, viewerId).then((m) => m.get(userId)),
      profiles.levelOf(read, user.id),
      friends.countFriends(read, user.id),
    ]);
    const result: UserProfile = {
      id: user.id,
      username: user.username,
      avatarUrl: avatarUrl(row?.avatarFile),
      memberSince: iso(user.createdAt),
      level,
      profileVisibility: privacy?.profileVisibility ?? 'public',
      isSelf: rel.isSelf,
      isFriend: rel.isFriend,
      friendRequest: pending ?? null,
      friendsCount,
      presence: access.presenceOf(privacy, rel, user.lastSeen),
    };
    if (!rel.isSelf) return result;
    const emailVerified = await deps.emailStatus.verified(user.id);
    return {
      ...result,
      account: {
        email: user.email,
        emailVerified,
        createdAt: iso(user.createdAt),
        lastLogin: toIso(user.lastLogin),
        status: row?.deactivatedAt ? 'deactivated' : 'active',
        deactivatedAt: toIso(row?.deactivatedAt),
        settings: settingsOf(row),
      },
    };
  }

  const usernameTaken = () => conflict(ErrorCode.USERNAME_ALREADY_EXISTS, errorTextByCode.USERNAME_ALREADY_EXISTS);
  const emailTaken = () => conflict(ErrorCode.EMAIL_ALREADY_EXISTS, errorTextByCode.EMAIL_ALREADY_EXISTS);

  async function updateProfile(viewerId: number, userId: number, body: ProfileUpdateBody): Promise<UserProfile> {
    const { user } = await access.own(viewerId, userId);
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
        await access.confirmPassword(user, body.currentPassword, socialText.currentPasswordRequired);
        patch.email = email;
      }
    }
    const now = clock();
    try {
      await database.write(async (tx) => {
        // Checked in the transaction: another request may have taken the name meanwhile.
        if (patch.username !== undefined) {
          const holder = await accounts.userByUsername(tx, patch.username);
          if (holder && holder.id !== userId) throw usernameTaken();
        }
        if (patch.email !== undefined) {
          const holder = await accounts.userByEmail(tx, patch.email);
          if (holder && holder.id !== userId) throw emailTaken();
        }
        if (patch.username !== undefined || patch.email !== undefined) {
          const current = await accounts.lockUser(tx, userId);
          if (!current) return;
          const identity = { username: patch.username ?? current.username, email: patch.email ?? current.email };
          await accounts.setIdentity(tx, userId, identity);
          if (patch.email !== undefined) await deps.emailStatus.changedIn(tx, { id: userId, ...identity }, now);
        }
        if (body.preferences) await writeSettings(tx, userId, { preferences: body.preferences }, now);
      });
    } catch (err) {
      // A concurrent change took the name or address first (the unique indexes decide).
      if (isUniqueViolation(err)) throw patch.email !== undefined ? emailTaken() : usernameTaken();
      throw err;
    }
    return profile(viewerId, userId);
  }

  async function patchSettings(viewerId: number, userId: number, patch: SettingsPatch): Promise<UserSettings> {
    await access.own(viewerId, userId);
    return database.write((tx) => writeSettings(tx, userId, patch, clock()));
  }

  async function userStats(viewerId: number, userId: number): Promise<UserStats> {
    const { profile: row } = await access.readable(viewerId, userId);
    const [playerStats, friendsCount] = await Promise.all([
      stats.playerStats(viewerId, userId),
      friends.countFriends(read, userId),
    ]);
    return { ...playerStats, avatarUrl: avatarUrl(row?.avatarFile), friendsCount };
  }

  async function achievements(viewerId: number, userId: number): Promise<PlayerAchievements> {
    await access.readable(viewerId, userId);
    return stats.achievements(userId);
  }

  async function leaderboardHistory(viewerId: number, userId: number, days = 30): Promise<LeaderboardHistory> {
    const { privacy } = await access.readable(viewerId, userId);
    const listed = isVisibleOnLeaderboard(privacy);
    const now = clock();
    // The player's standing is the engine's leaderboard seen by the player (stats owns every score).
    const standing = async (period: 'all' | 'day' | 'week' | 'month') => {
      const board = await stats.leaderboard(userId, { limit: 1, period });
      const me = listed ? board.me : null;
      return { rank: me?.rank ?? null, score: me?.score ?? null, totalRanked: board.totalRanked };
    };
    const from = Math.floor(now / DAY) * DAY - (days - 1) * DAY;
    const [all, day, week, month, daily] = await Promise.all([
      standing('all'),
      standing('day'),
      standing('week'),
      standing('month'),
      listed ? dailyRanksOf(read, userId, from) : [],
    ]);
    return {
      userId,
      listed,
      current: { all, day, week, month },
      daily: daily.map((d) => ({ day: utcDay(d.day * DAY), rank: d.rank, score: d.score, totalRanked: d.totalRanked })),
    };
  }

  return {
    ...createHistoryService(deps),
    profile,
    updateProfile,
    writeSettings,
    patchPreferences: (v: number, id: number, p: PreferencesPatch) => patchSettings(v, id, { preferences: p }),
    patchGamePreferences: (v: number, id: number, p: GamePreferencesPatch) =>
      patchSettings(v, id, { gamePreferences: p }),
    patchPrivacy: (v: number, id: number, p: PrivacyPatch) => patchSettings(v, id, { privacy: p }),
    patchNotifications: (v: number, id: number, p: NotificationsPatch) => patchSettings(v, id, { notifications: p }),
    userStats,
    achievements,
    leaderboardHistory,
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
