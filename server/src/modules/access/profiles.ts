import type { ProfileVisibility } from '@gogo/shared/api';
import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { StoredGamePreferences, StoredNotifications, StoredPreferences } from '../../db/schema/index.js';
import type { PrivacyState } from '../../core/privacy.js';
import type { Row } from '../../db/schema/rows.js';
import { playerLevel } from '../ledger/index.js';

/**
 * The profile module's rows: a player's user_profiles row (settings, privacy, avatar, lifecycle),
 * over the connection or transaction given. The users row (identity) is the auth module's.
 */
export type ProfileRow = Omit<
  Row<'userProfiles'>,
  'preferences' | 'gamePreferences' | 'notifications' | 'showOnLeaderboard' | 'showOnlineStatus' | 'profileVisibility'
> & {
  preferences: StoredPreferences | null;
  gamePreferences: StoredGamePreferences | null;
  notifications: StoredNotifications | null;
  profileVisibility: ProfileVisibility;
  showOnLeaderboard: boolean;
  showOnlineStatus: boolean;
};

export type ProfilePatch = Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>;

type StoredProfile = Row<'userProfiles'>;

const PROFILE = `user_id AS "userId", preferences, game_preferences AS "gamePreferences", notifications,
  profile_visibility AS "profileVisibility", show_on_leaderboard AS "showOnLeaderboard",
  show_online_status AS "showOnlineStatus", avatar_file AS "avatarFile", avatar_mime AS "avatarMime",
  avatar_updated_at AS "avatarUpdatedAt", deactivated_at AS "deactivatedAt",
  deactivation_reason AS "deactivationReason", deleted_at AS "deletedAt", updated_at AS "updatedAt"`;

const profileOf = sql<{ userId: number }, StoredProfile>(
  `SELECT ${PROFILE} FROM user_profiles WHERE user_id = :userId`,
);
const lockProfile = sql<{ userId: number }, StoredProfile>(
  `SELECT ${PROFILE} FROM user_profiles WHERE user_id = :userId {forUpdate}`,
);
const saveProfile = sql<Omit<StoredProfile, 'updatedAt'> & { now: number }>(
  `INSERT INTO user_profiles (user_id, preferences, game_preferences, notifications, profile_visibility,
     show_on_leaderboard, show_online_status, avatar_file, avatar_mime, avatar_updated_at, deactivated_at,
     deactivation_reason, deleted_at, updated_at)
   VALUES (:userId, :preferences, :gamePreferences, :notifications, :profileVisibility, :showOnLeaderboard,
     :showOnlineStatus, :avatarFile, :avatarMime, :avatarUpdatedAt, :deactivatedAt, :deactivationReason,
     :deletedAt, :now)
   ON CONFLICT (user_id) DO UPDATE SET preferences = excluded.preferences,
     game_preferences = excluded.game_preferences, notifications = excluded.notifications,
     profile_visibility = excluded.profile_visibility, show_on_leaderboard = excluded.show_on_leaderboard,
     show_online_status = excluded.show_online_status, avatar_file = excluded.avatar_file,
     avatar_mime = excluded.avatar_mime, avatar_updated_at = excluded.avatar_updated_at,
     deactivated_at = excluded.deactivated_at, deactivation_reason = excluded.deactivation_reason,
     deleted_at = excluded.deleted_at, updated_at = excluded.updated_at`,
);
const avatarByFile = sql<{ file: string }, { userId: number; mime: string | null; deletedAt: number | null }>(
  `SELECT user_id AS "userId", avatar_mime AS mime, deleted_at AS "deletedAt" FROM user_profiles
   WHERE avatar_file = :file`,
);
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function decode(row: StoredProfile): ProfileRow {
  return {
    ...row,
    preferences: parse<StoredPreferences>(row.preferences),
    gamePreferences: parse<StoredGamePreferences>(row.gamePreferences),
    notifications: parse<StoredNotifications>(row.notifications),
    showOnLeaderboard: row.showOnLeaderboard === 1,
    showOnlineStatus: row.showOnlineStatus === 1,
  };
}

/** The defaults of a player without a user_profiles row (the table's column defaults). */
const EMPTY: Omit<ProfileRow, 'userId' | 'updatedAt'> = {
  preferences: null,
  gamePreferences: null,
  notifications: null,
  profileVisibility: 'public',
  showOnLeaderboard: true,
  showOnlineStatus: true,
  avatarFile: null,
  avatarMime: null,
  avatarUpdatedAt: null,
  deactivatedAt: null,
  deactivationReason: null,
  deletedAt: null,
};

export function privacyFrom(row: ProfileRow): PrivacyState {
  return {
    profileVisibility: row.profileVisibility,
    showOnLeaderboard: row.showOnLeaderboard,
    showOnlineStatus: row.showOnlineStatus,
    deactivatedAt: row.deactivatedAt,
    deletedAt: row.deletedAt,
  };
}

export const profiles = {
  profile: async (q: Queryable, userId: number): Promise<ProfileRow | undefined> => {
    const row = await q.get(profileOf, { userId });
    return row && decode(row);
  },
  /** The row, locked until the transaction ends (read-check-write of one player's profile). */
  lock: async (tx: Tx, userId: number): Promise<ProfileRow | undefined> => {
    const row = await tx.get(lockProfile, { userId });
    return row && decode(row);
  },
  /**
   * Writes the given profile fields over the current row (created with the defaults when missing).
   * The row is locked first, so concurrent patches of one player apply one after the other.
   */
  async saveProfile(tx: Tx, userId: number, patch: ProfilePatch, now: number): Promise<ProfileRow> {
    const current = await tx.get(lockProfile, { userId });
    const next = { ...(current ? decode(current) : { ...EMPTY, userId }), ...patch, userId, updatedAt: now };
    await tx.run(saveProfile, {
      userId,
      preferences: json(next.preferences),
      gamePreferences: json(next.gamePreferences),
      notifications: json(next.notifications),
      profileVisibility: next.profileVisibility,
      showOnLeaderboard: next.showOnLeaderboard ? 1 : 0,
      showOnlineStatus: next.showOnlineStatus ? 1 : 0,
      avatarFile: next.avatarFile,
      avatarMime: next.avatarMime,
      avatarUpdatedAt: next.avatarUpdatedAt,
      deactivatedAt: next.deactivatedAt,
      deactivationReason: next.deactivationReason,
      deletedAt: next.deletedAt,
      now,
    });
    return next;
  },
  levelOf: (q: Queryable, userId: number) => playerLevel(q, userId),
  avatarByFile: (q: Queryable, file: string) => q.get(avatarByFile, { file }),
};
