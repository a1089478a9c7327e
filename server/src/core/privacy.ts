import type { ProfileVisibility } from '@gogo/shared/api';

/**
 * The privacy rules in one place, as predicates (for code) and as SQL fragments (for queries that
 * filter lists: leaderboards, search, online players). Both read the same user_profiles columns; a
 * player without a user_profiles row has every default (public, listed, online status shown).
 */
export interface PrivacyState {
  profileVisibility: ProfileVisibility;
  showOnLeaderboard: boolean;
  showOnlineStatus: boolean;
  deactivatedAt: number | null;
  deletedAt: number | null;
}

export interface Relation {
  isSelf: boolean;
  isFriend: boolean;
}

type Maybe = PrivacyState | null | undefined;

/** Neither deactivated nor deleted. */
export const isActiveAccount = (p: Maybe): boolean => !p || (p.deactivatedAt === null && p.deletedAt === null);

/** Listed on leaderboards, top players, public figures and the achievements feed. */
export const isVisibleOnLeaderboard = (p: Maybe): boolean => isActiveAccount(p) && (p?.showOnLeaderboard ?? true);

/**
 * May the viewer open this player's profile (and what hangs off it: stats, activity, friends,
 * achievements, game history)? Deleted accounts are gone for everyone; a deactivated account is
 * seen only by its owner.
 */
export function canViewProfile(p: Maybe, rel: Relation): boolean {
  if (p?.deletedAt) return false;
  if (rel.isSelf) return true;
  if (!isActiveAccount(p)) return false;
  const visibility = p?.profileVisibility ?? 'public';
  return visibility === 'public' || (visibility === 'friends' && rel.isFriend);
}

/** Does the player appear in search results for this viewer? Private profiles never do. */
export function isDiscoverable(p: Maybe, rel: Relation): boolean {
  if (rel.isSelf || !isActiveAccount(p)) return false;
  return (p?.profileVisibility ?? 'public') !== 'private';
}

/** May the viewer see whether the player is online and when they were last seen? */
export function canSeePresence(p: Maybe, rel: Relation): boolean {
  if (rel.isSelf) return !p?.deletedAt;
  return canViewProfile(p, rel) && (p?.showOnlineStatus ?? true);
}

/** May another player send this one a friend request? Private players accept none. */
export function acceptsFriendRequests(p: Maybe): boolean {
  return isActiveAccount(p) && (p?.profileVisibility ?? 'public') !== 'private';
}

// --- SQL: each fragment is true for the players the predicate of the same name lets through. ----
// `userId` is a trusted SQL expression naming the player's id column, e.g. 'u.id' or 'g.user_id'.

const hidden = (userId: string, condition: string) =>
  `NOT EXISTS (SELECT 1 FROM user_profiles pv WHERE pv.user_id = ${userId} AND (${condition}))`;

const CLOSED = 'pv.deactivated_at IS NOT NULL OR pv.deleted_at IS NOT NULL';

/** isActiveAccount in SQL. */
export const activeAccountSql = (userId: string) => hidden(userId, CLOSED);

/**
 * isActiveAccount in SQL as a probe of the player's profile by its key, row by row: a scalar
 * subquery, which PostgreSQL never turns into a join. For a read every roll sends (the friends
 * race's), whose generic plan could otherwise hash every closed profile of the site.
 */
export const activeAccountProbeSql = (userId: string) =>
  `coalesce((SELECT ${CLOSED} FROM user_profiles pv WHERE pv.user_id = ${userId}), false) = false`;

/** isVisibleOnLeaderboard in SQL. */
export const leaderboardVisibleSql = (userId: string) =>
  hidden(userId, 'pv.show_on_leaderboard = 0 OR pv.deactivated_at IS NOT NULL OR pv.deleted_at IS NOT NULL');

/** Shown in lists of who is online (any viewer): active, not private, online status shown. */
export const presenceListedSql = (userId: string) =>
  hidden(
    userId,
    "pv.show_online_status = 0 OR pv.profile_visibility = 'private' OR pv.deactivated_at IS NOT NULL OR pv.deleted_at IS NOT NULL",
  );
