import type { ProfileVisibility } from '@gogo/shared/api';
import { sql, type Queryable } from '../../../db/sql.js';
import { activeAccountSql } from '../../../core/privacy.js';

export interface PersonSearchRow {
  id: number;
  username: string;
  avatarFile: string | null;
  level: number;
  profileVisibility: ProfileVisibility;
  isFriend: number;
}

export interface OnlineRow {
  id: number;
  username: string;
  avatarFile: string | null;
  lastSeen: number;
  isFriend: number;
}

const IS_FRIEND = `CASE WHEN EXISTS (SELECT 1 FROM friendships f
    WHERE f.user_low = {least}(u.id, :viewer) AND f.user_high = {greatest}(u.id, :viewer)) THEN 1 ELSE 0 END`;

const search = sql<{ viewer: number; pattern: string; prefix: string; exact: string; limit: number }, PersonSearchRow>(
  `SELECT u.id AS id, u.username AS username, p.avatar_file AS "avatarFile", coalesce(g.level, 1) AS level,
     coalesce(p.profile_visibility, 'public') AS "profileVisibility", ${IS_FRIEND} AS "isFriend"
   FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id LEFT JOIN game_states g ON g.user_id = u.id
   WHERE lower(u.username) LIKE :pattern ESCAPE '\\' AND u.id <> :viewer
     AND ${activeAccountSql('u.id')} AND coalesce(p.profile_visibility, 'public') <> 'private'
   ORDER BY CASE WHEN lower(u.username) = :exact THEN 0 ELSE 1 END,
     CASE WHEN lower(u.username) LIKE :prefix ESCAPE '\\' THEN 0 ELSE 1 END,
     length(u.username), lower(u.username)
   LIMIT :limit`,
);

// Online players the viewer may see: active, online status shown, and a public profile or a
// friends-only one when the viewer is a friend. Private profiles never appear.
const ONLINE_FROM = `
  FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id
  WHERE u.last_seen >= :since AND u.id <> :viewer AND ${activeAccountSql('u.id')}
    AND coalesce(p.show_online_status, 1) = 1
    AND (coalesce(p.profile_visibility, 'public') = 'public'
      OR (p.profile_visibility = 'friends' AND EXISTS (SELECT 1 FROM friendships f
            WHERE f.user_low = {least}(u.id, :viewer) AND f.user_high = {greatest}(u.id, :viewer))))`;
const online = sql<{ viewer: number; since: number; limit: number }, OnlineRow>(
  `SELECT u.id AS id, u.username AS username, p.avatar_file AS "avatarFile", u.last_seen AS "lastSeen",
     ${IS_FRIEND} AS "isFriend"
   ${ONLINE_FROM} ORDER BY u.last_seen DESC, u.id LIMIT :limit`,
);
const onlineCount = sql<{ viewer: number; since: number }, { n: number }>(`SELECT count(*) AS n ${ONLINE_FROM}`);
/** Escapes LIKE wildcards: usernames contain underscores, which LIKE reads as "any character". */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Discovery queries: search and who is online. */
export const socialRepo = {
  search: (q: Queryable, viewer: number, query: string, limit: number) => {
    const lower = query.toLowerCase();
    const escaped = likeEscape(lower);
    return q.all(search, { viewer, pattern: `%${escaped}%`, prefix: `${escaped}%`, exact: lower, limit });
  },
  online: (q: Queryable, viewer: number, since: number, limit: number) => q.all(online, { viewer, since, limit }),
  onlineCount: async (q: Queryable, viewer: number, since: number) =>
    (await q.get(onlineCount, { viewer, since }))?.n ?? 0,
};
