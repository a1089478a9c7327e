import type { LastSeen, OnlineStatus, OnlineUsers, SearchResults, TopPlayers } from '@gogo/shared/api';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { toIso } from '../../../lib/clock.js';
import type { StatsService } from '../../stats/index.js';
import { ONLINE_WINDOW_MS } from '../../../core/presence.js';
import type { Access, FriendGraph } from '../access.js';
import { canSeePresence, canViewProfile, type PrivacyState } from '../../../core/privacy.js';
import { profiles } from '../profiles.js';
import { socialRepo } from './repo.js';

export const SEARCH_DEFAULT_LIMIT = 10;
export const TOP_PLAYERS_DEFAULT_LIMIT = 10;
export const ONLINE_DEFAULT_LIMIT = 50;

const iso = (ms: number) => new Date(ms).toISOString();

const DEFAULT_PRIVACY: PrivacyState = {
  profileVisibility: 'public',
  showOnLeaderboard: true,
  showOnlineStatus: true,
  deactivatedAt: null,
  deletedAt: null,
};

/** Finding people: search, who is online, top players, one player's presence. */
export function createSocialService(deps: {
  database: Database;
  access: Access;
  friends: FriendGraph;
  stats: StatsService;
  clock: Clock;
}) {
  const { access, friends, stats, clock } = deps;
  const read = deps.database.read;

  async function search(viewerId: number, query: string, limit = SEARCH_DEFAULT_LIMIT): Promise<SearchResults> {
    const q = query.trim();
    if (q === '') return { query: q, results: [] };
    // The query applies isDiscoverable (active, not private, not the viewer) in SQL.
    const [pending, rows] = await Promise.all([
      friends.pendingMap(read, viewerId),
      socialRepo.search(read, viewerId, q, limit),
    ]);
    const results = rows.map((row) => {
      const rel = { isSelf: false, isFriend: row.isFriend === 1 };
      const canView = canViewProfile({ ...DEFAULT_PRIVACY, profileVisibility: row.profileVisibility }, rel);
      return {
        ...access.card(row.id, row.username, row.avatarFile),
        level: canView ? row.level : null,
        canViewProfile: canView,
        isFriend: rel.isFriend,
        friendRequest: pending.get(row.id) ?? null,
      };
    });
    return { query: q, results };
  }

  async function online(viewerId: number, limit = ONLINE_DEFAULT_LIMIT): Promise<OnlineUsers> {
    const since = clock() - ONLINE_WINDOW_MS;
    const [total, rows] = await Promise.all([
      socialRepo.onlineCount(read, viewerId, since),
      socialRepo.online(read, viewerId, since, limit),
    ]);
    return {
      total,
      windowMinutes: ONLINE_WINDOW_MS / 60_000,
      users: rows.map((row) => ({
        ...access.card(row.id, row.username, row.avatarFile),
        lastSeen: iso(row.lastSeen),
        isFriend: row.isFriend === 1,
      })),
    };
  }

  async function topPlayers(viewerId: number, limit = TOP_PLAYERS_DEFAULT_LIMIT): Promise<TopPlayers> {
    const board = await stats.leaderboard(viewerId, { limit, period: 'all' });
    const avatars = await Promise.all(board.entries.map((e) => profiles.profile(read, e.userId)));
    return {
      totalRanked: board.totalRanked,
      updatedAt: board.updatedAt,
      players: board.entries.map((e, i) => ({
        ...access.card(e.userId, e.username, avatars[i]?.avatarFile),
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

  async function onlineStatus(viewerId: number, userId: number): Promise<OnlineStatus> {
    const { user, privacy, rel } = await access.reach(viewerId, userId);
    const presence = access.presenceOf(privacy, rel, user.lastSeen);
    return { userId, isOnline: presence.isOnline === true, visible: presence.isOnline !== null };
  }

  async function lastSeen(viewerId: number, userId: number): Promise<LastSeen> {
    const { user, privacy, rel } = await access.reach(viewerId, userId);
    const visible = canSeePresence(privacy, rel);
    return { userId, lastSeen: visible ? toIso(user.lastSeen) : null, visible };
  }

  return { search, online, topPlayers, onlineStatus, lastSeen };
}
