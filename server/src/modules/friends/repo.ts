import type { Database_, Db } from '../../db/client.js';
import { friendRequests, friendships } from '../../db/schema/index.js';
import { activeAccountSql } from '../users/privacy.js';

export type FriendRequestRow = typeof friendRequests.$inferSelect;

/** A player as a friend list or request shows them, with what the privacy rules need. */
export interface PersonRow {
  id: number;
  username: string;
  avatarFile: string | null;
  level: number;
  lastSeen: number | null;
  profileVisibility: 'public' | 'friends' | 'private';
  showOnLeaderboard: number;
  showOnlineStatus: number;
  deactivatedAt: number | null;
  deletedAt: number | null;
}

export interface FriendRow extends PersonRow {
  since: number;
}

export interface RequestWithPeople {
  request: FriendRequestRow;
  from: PersonRow;
  to: PersonRow;
}

const PERSON = (alias: string, prefix: string) => `
  ${alias}.id AS ${prefix}id, ${alias}.username AS ${prefix}username, ${prefix}p.avatar_file AS ${prefix}avatarFile,
  coalesce(${prefix}g.level, 1) AS ${prefix}level, ${alias}.last_seen AS ${prefix}lastSeen,
  coalesce(${prefix}p.profile_visibility, 'public') AS ${prefix}profileVisibility,
  coalesce(${prefix}p.show_on_leaderboard, 1) AS ${prefix}showOnLeaderboard,
  coalesce(${prefix}p.show_online_status, 1) AS ${prefix}showOnlineStatus,
  ${prefix}p.deactivated_at AS ${prefix}deactivatedAt, ${prefix}p.deleted_at AS ${prefix}deletedAt`;

const PERSON_JOINS = (alias: string, prefix: string) => `
  LEFT JOIN user_profiles ${prefix}p ON ${prefix}p.user_id = ${alias}.id
  LEFT JOIN game_states ${prefix}g ON ${prefix}g.user_id = ${alias}.id`;

type Prefixed<P extends string> = { [K in keyof PersonRow as `${P}${K & string}`]: PersonRow[K] };

function unprefix<P extends string>(row: Prefixed<P>, prefix: P): PersonRow {
  const r = row as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of [
    'id',
    'username',
    'avatarFile',
    'level',
    'lastSeen',
    'profileVisibility',
    'showOnLeaderboard',
    'showOnlineStatus',
    'deactivatedAt',
    'deletedAt',
  ]) {
    out[key] = r[`${prefix}${key}`];
  }
  return out as unknown as PersonRow;
}

/** Every query about friend requests and friendships. */
export function createFriendsRepo(database: Database_) {
  const { sqlite } = database;
  const pair = (a: number, b: number) => (a < b ? [a, b] : [b, a]) as [number, number];

  const areFriends = sqlite.prepare<[number, number], { n: number }>(
    'SELECT 1 AS n FROM friendships WHERE user_low = ? AND user_high = ?',
  );
  const friendsOf = sqlite.prepare<{ userId: number }, FriendRow>(
    `SELECT ${PERSON('u', '')}, f.created_at AS since
     FROM friendships f JOIN users u ON u.id = CASE WHEN f.user_low = @userId THEN f.user_high ELSE f.user_low END
     ${PERSON_JOINS('u', '')}
     WHERE (f.user_low = @userId OR f.user_high = @userId) AND ${activeAccountSql('u.id')}
     ORDER BY lower(u.username)`,
  );
  const countFriends = sqlite.prepare<{ userId: number }, { n: number }>(
    `SELECT count(*) AS n FROM friendships f
     WHERE (f.user_low = @userId OR f.user_high = @userId)
       AND ${activeAccountSql('CASE WHEN f.user_low = @userId THEN f.user_high ELSE f.user_low END')}`,
  );
  const pendingBetween = sqlite.prepare<[number, number], FriendRequestRow>(
    `SELECT id, from_user_id AS fromUserId, to_user_id AS toUserId, pair_low AS pairLow, pair_high AS pairHigh,
       status, created_at AS createdAt, responded_at AS respondedAt
     FROM friend_requests WHERE pair_low = ? AND pair_high = ? AND status = 'pending'`,
  );
  const lastDeclined = sqlite.prepare<[number, number], { respondedAt: number }>(
    `SELECT responded_at AS respondedAt FROM friend_requests
     WHERE from_user_id = ? AND to_user_id = ? AND status = 'declined' ORDER BY responded_at DESC LIMIT 1`,
  );
  const countOutgoing = sqlite.prepare<[number], { n: number }>(
    "SELECT count(*) AS n FROM friend_requests WHERE from_user_id = ? AND status = 'pending'",
  );
  const requestSelect = `
    SELECT r.id AS id, r.from_user_id AS fromUserId, r.to_user_id AS toUserId, r.pair_low AS pairLow,
      r.pair_high AS pairHigh, r.status AS status, r.created_at AS createdAt, r.responded_at AS respondedAt,
      ${PERSON('fu', 'f_')}, ${PERSON('tu', 't_')}
    FROM friend_requests r
    JOIN users fu ON fu.id = r.from_user_id ${PERSON_JOINS('fu', 'f_')}
    JOIN users tu ON tu.id = r.to_user_id ${PERSON_JOINS('tu', 't_')}`;
  type RequestJoinRow = FriendRequestRow & Prefixed<'f_'> & Prefixed<'t_'>;
  const requestById = sqlite.prepare<[number], RequestJoinRow>(`${requestSelect} WHERE r.id = ?`);
  // Pending requests whose other side is an active account (a deactivated player's requests wait, unseen).
  const incoming = sqlite.prepare<[number], RequestJoinRow>(
    `${requestSelect} WHERE r.to_user_id = ? AND r.status = 'pending' AND ${activeAccountSql('fu.id')}
     ORDER BY r.created_at DESC, r.id DESC`,
  );
  const outgoing = sqlite.prepare<[number], RequestJoinRow>(
    `${requestSelect} WHERE r.from_user_id = ? AND r.status = 'pending' AND ${activeAccountSql('tu.id')}
     ORDER BY r.created_at DESC, r.id DESC`,
  );
  const pendingWithUsers = sqlite.prepare<{ viewer: number }, { id: number; other: number; incoming: number }>(
    `SELECT id, CASE WHEN from_user_id = @viewer THEN to_user_id ELSE from_user_id END AS other,
       to_user_id = @viewer AS incoming
     FROM friend_requests WHERE status = 'pending' AND (from_user_id = @viewer OR to_user_id = @viewer)`,
  );
  const historyOf = sqlite.prepare<
    { userId: number },
    {
      incoming: number;
      username: string;
      status: FriendRequestRow['status'];
      createdAt: number;
      respondedAt: number | null;
    }
  >(
    `SELECT r.to_user_id = @userId AS incoming, u.username AS username, r.status AS status,
       r.created_at AS createdAt, r.responded_at AS respondedAt
     FROM friend_requests r
     JOIN users u ON u.id = CASE WHEN r.from_user_id = @userId THEN r.to_user_id ELSE r.from_user_id END
     WHERE r.from_user_id = @userId OR r.to_user_id = @userId
     ORDER BY r.created_at, r.id`,
  );
  const answer = sqlite.prepare<[string, number, number]>(
    "UPDATE friend_requests SET status = ?, responded_at = ? WHERE id = ? AND status = 'pending'",
  );
  const deleteFriendship = sqlite.prepare<[number, number]>(
    'DELETE FROM friendships WHERE user_low = ? AND user_high = ?',
  );
  const deleteRequestsOf = sqlite.prepare<[number, number]>(
    'DELETE FROM friend_requests WHERE from_user_id = ? OR to_user_id = ?',
  );
  const deleteFriendshipsOf = sqlite.prepare<[number, number]>(
    'DELETE FROM friendships WHERE user_low = ? OR user_high = ?',
  );
  const splitRequest = (row: RequestJoinRow): RequestWithPeople => ({
    request: {
      id: row.id,
      fromUserId: row.fromUserId,
      toUserId: row.toUserId,
      pairLow: row.pairLow,
      pairHigh: row.pairHigh,
      status: row.status,
      createdAt: row.createdAt,
      respondedAt: row.respondedAt,
    },
    from: unprefix(row, 'f_'),
    to: unprefix(row, 't_'),
  });

  return {
    areFriends: (a: number, b: number): boolean => a !== b && areFriends.get(...pair(a, b)) !== undefined,
    /** The player's friends whose accounts are active, by name. */
    friendsOf: (userId: number): FriendRow[] => friendsOf.all({ userId }),
    countFriends: (userId: number): number => countFriends.get({ userId })?.n ?? 0,
    pendingBetween: (a: number, b: number): FriendRequestRow | undefined => pendingBetween.get(...pair(a, b)),
    /** When `to` last declined a request from `from`, if ever. */
    lastDeclinedAt: (from: number, to: number): number | null => lastDeclined.get(from, to)?.respondedAt ?? null,
    countOutgoingPending: (userId: number): number => countOutgoing.get(userId)?.n ?? 0,
    requestById: (id: number): RequestWithPeople | undefined => {
      const row = requestById.get(id);
      return row ? splitRequest(row) : undefined;
    },
    incoming: (userId: number): RequestWithPeople[] => incoming.all(userId).map(splitRequest),
    outgoing: (userId: number): RequestWithPeople[] => outgoing.all(userId).map(splitRequest),
    /** The viewer's pending requests, keyed by the other player's id. */
    pendingMap(viewer: number): Map<number, { id: number; direction: 'incoming' | 'outgoing' }> {
      return new Map(
        pendingWithUsers
          .all({ viewer })
          .map((r) => [r.other, { id: r.id, direction: r.incoming ? 'incoming' : 'outgoing' }] as const),
      );
    },
    /** Every request the player sent or received, with the other side's public username. */
    historyOf: (userId: number) => historyOf.all({ userId }),

    insertRequest: (tx: Db, from: number, to: number, now: number): FriendRequestRow => {
      const [pairLow, pairHigh] = pair(from, to);
      return tx
        .insert(friendRequests)
        .values({ fromUserId: from, toUserId: to, pairLow, pairHigh, status: 'pending', createdAt: now })
        .returning()
        .get();
    },
    /** Moves a pending request to its answer; false when it was no longer pending. */
    answer(_tx: Db, id: number, status: 'accepted' | 'declined' | 'cancelled', now: number): boolean {
      return answer.run(status, now, id).changes === 1;
    },
    insertFriendship(tx: Db, a: number, b: number, now: number) {
      const [userLow, userHigh] = pair(a, b);
      tx.insert(friendships).values({ userLow, userHigh, createdAt: now }).onConflictDoNothing().run();
    },
    deleteFriendship: (_tx: Db, a: number, b: number): boolean => deleteFriendship.run(...pair(a, b)).changes === 1,
    /** Account deletion: every request and friendship of the player goes. */
    deleteAllOf(_tx: Db, userId: number) {
      deleteRequestsOf.run(userId, userId);
      deleteFriendshipsOf.run(userId, userId);
    },
  };
}

export type FriendsRepo = ReturnType<typeof createFriendsRepo>;
