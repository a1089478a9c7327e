import { sql, type Queryable, type Tx } from '../../db/sql.js';
import { presenceListedSql } from '../../core/privacy.js';

export interface SessionStatsRow {
  id: number;
  userId: number;
  startedAt: number;
  endedAt: number | null;
  device: string | null;
  rolls: number;
  won: number;
  lost: number;
}

export type ActiveSessionRow = SessionStatsRow & { username: string; level: number };

/** A session with its rolls: those of the player served between its start and its end (or now). */
const WITH_STATS = `
  SELECT s.id AS id, s.user_id AS "userId", s.started_at AS "startedAt", s.ended_at AS "endedAt", s.device AS device,
    count(r.id) AS rolls,
    coalesce(sum({greatest}(r.applied_reward, 0) + r.salary + r.achievement_reward), 0) AS won,
    coalesce(sum({least}(r.applied_reward, 0)), 0) AS lost
  FROM play_sessions s
  LEFT JOIN rolls r ON r.user_id = s.user_id AND r.created_at >= s.started_at
    AND r.created_at <= coalesce(s.ended_at, :now)`;
const GROUP = 'GROUP BY s.id, s.user_id, s.started_at, s.ended_at, s.device';

const byId = sql<{ id: number; now: number }, SessionStatsRow>(`${WITH_STATS} WHERE s.id = :id ${GROUP}`);
const byUser = sql<{ userId: number; now: number; limit: number }, SessionStatsRow>(
  `${WITH_STATS} WHERE s.user_id = :userId ${GROUP} ORDER BY s.started_at DESC, s.id DESC LIMIT :limit`,
);
const openOf = sql<{ userId: number; now: number }, SessionStatsRow>(
  `${WITH_STATS} WHERE s.user_id = :userId AND s.ended_at IS NULL ${GROUP} ORDER BY s.id DESC LIMIT 1`,
);
const active = sql<{ now: number; seenSince: number; limit: number }, ActiveSessionRow>(
  `SELECT x.id, x."userId", x."startedAt", x."endedAt", x.device, x.rolls, x.won, x.lost,
     u.username AS username, coalesce(g.level, 1) AS level
   FROM (${WITH_STATS} WHERE s.ended_at IS NULL ${GROUP}) x
     JOIN users u ON u.id = x."userId" LEFT JOIN game_states g ON g.user_id = x."userId"
   WHERE u.last_seen >= :seenSince AND ${presenceListedSql('x."userId"')}
   ORDER BY x."startedAt" DESC LIMIT :limit`,
);
const countActive = sql<{ seenSince: number }, { n: number }>(
  `SELECT count(*) AS n FROM play_sessions s JOIN users u ON u.id = s.user_id
   WHERE s.ended_at IS NULL AND u.last_seen >= :seenSince`,
);
// An open session left behind (a tab closed without ending it) ends at its last roll, or at its
// start when it had none, so that idle hours are not counted as play.
const closeOpen = sql<{ userId: number }>(
  `UPDATE play_sessions SET ended_at = {greatest}(started_at, coalesce(
     (SELECT max(r.created_at) FROM rolls r WHERE r.user_id = play_sessions.user_id
        AND r.created_at >= play_sessions.started_at), started_at))
   WHERE user_id = :userId AND ended_at IS NULL`,
);
const owner = sql<{ id: number }, { userId: number }>('SELECT user_id AS "userId" FROM play_sessions WHERE id = :id');
const insert = sql<{ userId: number; now: number; device: string | null }, { id: number }>(
  'INSERT INTO play_sessions (user_id, started_at, device) VALUES (:userId, :now, :device) RETURNING id',
);
const end = sql<{ id: number; now: number }>(
  'UPDATE play_sessions SET ended_at = :now WHERE id = :id AND ended_at IS NULL',
);
const setDevice = sql<{ id: number; device: string }>('UPDATE play_sessions SET device = :device WHERE id = :id');
const remove = sql<{ id: number }>('DELETE FROM play_sessions WHERE id = :id');
const forgetDevices = sql<{ userId: number }>('UPDATE play_sessions SET device = NULL WHERE user_id = :userId');

/** Account deletion: the player's sessions stay for the records and lose the device names. */
export async function forgetSessionDevices(tx: Tx, userId: number): Promise<void> {
  await tx.run(forgetDevices, { userId });
}

/** Queries of play sessions (visits to /game), on the reader or tx given. */
export const sessionsRepo = {
  withStats: (q: Queryable, id: number, now: number) => q.get(byId, { id, now }),
  listByUser: (q: Queryable, userId: number, limit: number, now: number) => q.all(byUser, { userId, now, limit }),
  openOf: (q: Queryable, userId: number, now: number) => q.get(openOf, { userId, now }),
  active: (q: Queryable, now: number, seenSince: number, limit: number) => q.all(active, { now, seenSince, limit }),
  countActive: async (q: Queryable, seenSince: number) => (await q.get(countActive, { seenSince }))?.n ?? 0,
  closeOpen: (tx: Tx, userId: number) => tx.run(closeOpen, { userId }),
  owner: async (q: Queryable, id: number) => (await q.get(owner, { id }))?.userId,
  insert: async (tx: Tx, userId: number, now: number, device: string | null) => {
    const row = await tx.get(insert, { userId, now, device });
    if (!row) throw new Error('session insert returned no id');
    return row.id;
  },
  end: (tx: Tx, id: number, now: number) => tx.run(end, { id, now }),
  setDevice: (tx: Tx, id: number, device: string) => tx.run(setDevice, { id, device }),
  remove: (tx: Tx, id: number) => tx.run(remove, { id }),
};
