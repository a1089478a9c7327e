import { read, sql, type Queryable, type Read, type Tx } from '../../db/sql.js';
import { activeAccountProbeSql, activeAccountSql } from '../../core/privacy.js';
import type { Row } from '../../db/schema/rows.js';

export type FriendRequestRow = Row<'friendRequests'>;

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
  ${alias}.id AS "${prefix}id", ${alias}.username AS "${prefix}username",
  ${prefix}p.avatar_file AS "${prefix}avatarFile", coalesce(${prefix}g.level, 1) AS "${prefix}level",
  ${alias}.last_seen AS "${prefix}lastSeen",
  coalesce(${prefix}p.profile_visibility, 'public') AS "${prefix}profileVisibility",
  coalesce(${prefix}p.show_on_leaderboard, 1) AS "${prefix}showOnLeaderboard",
  coalesce(${prefix}p.show_online_status, 1) AS "${prefix}showOnlineStatus",
  ${prefix}p.deactivated_at AS "${prefix}deactivatedAt", ${prefix}p.deleted_at AS "${prefix}deletedAt"`;

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

const pair = (a: number, b: number) => (a < b ? { low: a, high: b } : { low: b, high: a });

const areFriends = sql<{ low: number; high: number }, { n: number }>(
  'SELECT 1 AS n FROM friendships WHERE user_low = :low AND user_high = :high',
);
const friendsOf = sql<{ userId: number }, FriendRow>(
  `SELECT ${PERSON('u', '')}, f.created_at AS since
   FROM friendships f JOIN users u ON u.id = CASE WHEN f.user_low = :userId THEN f.user_high ELSE f.user_low END
   ${PERSON_JOINS('u', '')}
   WHERE (f.user_low = :userId OR f.user_high = :userId) AND ${activeAccountSql('u.id')}
   ORDER BY lower(u.username)`,
);
// Read by every roll (the friends race): one index lookup per side of the pair, each friend's
// profile probed by its key. The OR form with NOT EXISTS made PostgreSQL's generic plan a bitmap
// scan and a hash anti-join over every deactivated or deleted profile.
const friendIds = sql<{ userId: number }, { id: number }>(
  `SELECT f.user_high AS id FROM friendships f WHERE f.user_low = :userId AND ${activeAccountProbeSql('f.user_high')}
   UNION ALL
   SELECT f.user_low AS id FROM friendships f WHERE f.user_high = :userId AND ${activeAccountProbeSql('f.user_low')}`,
);
const countFriends = sql<{ userId: number }, { n: number }>(
  `SELECT count(*) AS n FROM friendships f
   WHERE (f.user_low = :userId OR f.user_high = :userId)
     AND ${activeAccountSql('CASE WHEN f.user_low = :userId THEN f.user_high ELSE f.user_low END')}`,
);
const REQUEST = `id, from_user_id AS "fromUserId", to_user_id AS "toUserId", pair_low AS "pairLow",
  pair_high AS "pairHigh", status, created_at AS "createdAt", responded_at AS "respondedAt"`;
const pendingBetween = sql<{ low: number; high: number }, FriendRequestRow>(
  `SELECT ${REQUEST} FROM friend_requests WHERE pair_low = :low AND pair_high = :high AND status = 'pending'`,
);
const lastDeclined = sql<{ from: number; to: number }, { respondedAt: number }>(
  `SELECT responded_at AS "respondedAt" FROM friend_requests
   WHERE from_user_id = :from AND to_user_id = :to AND status = 'declined' ORDER BY responded_at DESC LIMIT 1`,
);
const countOutgoing = sql<{ userId: number }, { n: number }>(
  "SELECT count(*) AS n FROM friend_requests WHERE from_user_id = :userId AND status = 'pending'",
);
const requestSelect = `
  SELECT r.id AS id, r.from_user_id AS "fromUserId", r.to_user_id AS "toUserId", r.pair_low AS "pairLow",
    r.pair_high AS "pairHigh", r.status AS status, r.created_at AS "createdAt", r.responded_at AS "respondedAt",
    ${PERSON('fu', 'f_')}, ${PERSON('tu', 't_')}
  FROM friend_requests r
  JOIN users fu ON fu.id = r.from_user_id ${PERSON_JOINS('fu', 'f_')}
  JOIN users tu ON tu.id = r.to_user_id ${PERSON_JOINS('tu', 't_')}`;
type RequestJoinRow = FriendRequestRow & Prefixed<'f_'> & Prefixed<'t_'>;
const requestById = sql<{ id: number }, RequestJoinRow>(`${requestSelect} WHERE r.id = :id`);
// Pending requests whose other side is an active account (a deactivated player's requests wait, unseen).
const incoming = sql<{ userId: number }, RequestJoinRow>(
  `${requestSelect} WHERE r.to_user_id = :userId AND r.status = 'pending' AND ${activeAccountSql('fu.id')}
   ORDER BY r.created_at DESC, r.id DESC`,
);
const outgoing = sql<{ userId: number }, RequestJoinRow>(
  `${requestSelect} WHERE r.from_user_id = :userId AND r.status = 'pending' AND ${activeAccountSql('tu.id')}
   ORDER BY r.created_at DESC, r.id DESC`,
);
const pendingWithUsers = sql<{ viewer: number }, { id: number; other: number; incoming: number }>(
  `SELECT id, CASE WHEN from_user_id = :viewer THEN to_user_id ELSE from_user_id END AS other,
     CASE WHEN to_user_id = :viewer THEN 1 ELSE 0 END AS incoming
   FROM friend_requests WHERE status = 'pending' AND (from_user_id = :viewer OR to_user_id = :viewer)`,
);
export interface RequestHistoryRow {
  incoming: number;
  username: string;
  status: FriendRequestRow['status'];
  createdAt: number;
  respondedAt: number | null;
}
const historyOf = sql<{ userId: number }, RequestHistoryRow>(
  `SELECT CASE WHEN r.to_user_id = :userId THEN 1 ELSE 0 END AS incoming, u.username AS username,
     r.status AS status, r.created_at AS "createdAt", r.responded_at AS "respondedAt"
   FROM friend_requests r
   JOIN users u ON u.id = CASE WHEN r.from_user_id = :userId THEN r.to_user_id ELSE r.from_user_id END
   WHERE r.from_user_id = :userId OR r.to_user_id = :userId
   ORDER BY r.created_at, r.id`,
);
const insertRequest = sql<{ from: number; to: number; low: number; high: number; now: number }, { id: number }>(
  `INSERT INTO friend_requests (from_user_id, to_user_id, pair_low, pair_high, status, created_at)
   VALUES (:from, :to, :low, :high, 'pending', :now) RETURNING id`,
);
const answer = sql<{ id: number; status: string; now: number }>(
  "UPDATE friend_requests SET status = :status, responded_at = :now WHERE id = :id AND status = 'pending'",
);
const insertFriendship = sql<{ low: number; high: number; now: number }>(
  `INSERT INTO friendships (user_low, user_high, created_at) VALUES (:low, :high, :now)
   ON CONFLICT (user_low, user_high) DO NOTHING`,
);
const deleteFriendship = sql<{ low: number; high: number }>(
  'DELETE FROM friendships WHERE user_low = :low AND user_high = :high',
);
const deleteRequestsOf = sql<{ userId: number }>(
  'DELETE FROM friend_requests WHERE from_user_id = :userId OR to_user_id = :userId',
);
const deleteFriendshipsOf = sql<{ userId: number }>(
  'DELETE FROM friendships WHERE user_low = :userId OR user_high = :userId',
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

/** Every query about friend requests and friendships, over the connection or transaction given. */
export const friendsRepo = {
  areFriends: async (q: Queryable, a: number, b: number): Promise<boolean> =>
    a !== b && (await q.get(areFriends, pair(a, b))) !== undefined,
  /** The player's friends whose accounts are active, by name. */
  friendsOf: (q: Queryable, userId: number): Promise<FriendRow[]> => q.all(friendsOf, { userId }),
  /** The ids of friendsOf, as a read for a caller's Tx.readEach. */
  friendIdsRead: (userId: number): Read<number[]> => read(friendIds, { userId }, (rows) => rows.map((r) => r.id)),
  countFriends: async (q: Queryable, userId: number): Promise<number> =>
    (await q.get(countFriends, { userId }))?.n ?? 0,
  pendingBetween: (q: Queryable, a: number, b: number) => q.get(pendingBetween, pair(a, b)),
  /** When `to` last declined a request from `from`, if ever. */
  lastDeclinedAt: async (q: Queryable, from: number, to: number): Promise<number | null> =>
    (await q.get(lastDeclined, { from, to }))?.respondedAt ?? null,
  countOutgoingPending: async (q: Queryable, userId: number): Promise<number> =>
    (await q.get(countOutgoing, { userId }))?.n ?? 0,
  requestById: async (q: Queryable, id: number): Promise<RequestWithPeople | undefined> => {
    const row = await q.get(requestById, { id });
    return row ? splitRequest(row) : undefined;
  },
  incoming: async (q: Queryable, userId: number) => (await q.all(incoming, { userId })).map(splitRequest),
  outgoing: async (q: Queryable, userId: number) => (await q.all(outgoing, { userId })).map(splitRequest),
  /** The viewer's pending requests, keyed by the other player's id. */
  async pendingMap(
    q: Queryable,
    viewer: number,
  ): Promise<Map<number, { id: number; direction: 'incoming' | 'outgoing' }>> {
    const rows = await q.all(pendingWithUsers, { viewer });
    return new Map(rows.map((r) => [r.other, { id: r.id, direction: r.incoming ? 'incoming' : 'outgoing' }] as const));
  },
  /** Every request the player sent or received, with the other side's public username. */
  historyOf: (q: Queryable, userId: number) => q.all(historyOf, { userId }),

  async insertRequest(tx: Tx, from: number, to: number, now: number): Promise<number> {
    const row = await tx.get(insertRequest, { from, to, ...pair(from, to), now });
    if (!row) throw new Error('INSERT INTO friend_requests returned no row');
    return row.id;
  },
  /** Moves a pending request to its answer; false when it was no longer pending. */
  answer: async (tx: Tx, id: number, status: 'accepted' | 'declined' | 'cancelled', now: number) =>
    (await tx.run(answer, { id, status, now })) === 1,
  insertFriendship: (tx: Tx, a: number, b: number, now: number) => tx.run(insertFriendship, { ...pair(a, b), now }),
  deleteFriendship: async (tx: Tx, a: number, b: number) => (await tx.run(deleteFriendship, pair(a, b))) === 1,
  /** Account deletion: every request and friendship of the player goes. */
  async deleteAllOf(tx: Tx, userId: number) {
    await tx.run(deleteRequestsOf, { userId });
    await tx.run(deleteFriendshipsOf, { userId });
  },
};
