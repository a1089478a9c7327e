import { and, eq, isNull } from 'drizzle-orm';
import type { Database_, Db } from '../../db/client.js';
import { playSessions } from '../../db/schema/index.js';

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

/** A session with its rolls: those of the player served between its start and its end (or now). */
const WITH_STATS = `
  SELECT s.id AS id, s.user_id AS userId, s.started_at AS startedAt, s.ended_at AS endedAt, s.device AS device,
    count(r.id) AS rolls,
    coalesce(sum(max(r.applied_reward, 0) + r.achievement_reward), 0) AS won,
    coalesce(sum(min(r.applied_reward, 0)), 0) AS lost
  FROM play_sessions s
  LEFT JOIN rolls r ON r.user_id = s.user_id AND r.created_at >= s.started_at
    AND r.created_at <= coalesce(s.ended_at, @now)`;

/** Queries of play sessions (visits to /game). */
export function createSessionsRepo(database: Database_) {
  const { sqlite } = database;
  const byId = sqlite.prepare<{ id: number; now: number }, SessionStatsRow>(
    `${WITH_STATS} WHERE s.id = @id GROUP BY s.id`,
  );
  const byUser = sqlite.prepare<{ userId: number; now: number; limit: number }, SessionStatsRow>(
    `${WITH_STATS} WHERE s.user_id = @userId GROUP BY s.id ORDER BY s.started_at DESC, s.id DESC LIMIT @limit`,
  );
  const openOf = sqlite.prepare<{ userId: number; now: number }, SessionStatsRow>(
    `${WITH_STATS} WHERE s.user_id = @userId AND s.ended_at IS NULL GROUP BY s.id ORDER BY s.id DESC LIMIT 1`,
  );
  const active = sqlite.prepare<
    { now: number; seenSince: number; limit: number },
    SessionStatsRow & { username: string; level: number }
  >(
    `SELECT x.*, u.username AS username, coalesce(g.level, 1) AS level FROM (
       ${WITH_STATS} WHERE s.ended_at IS NULL GROUP BY s.id
     ) x JOIN users u ON u.id = x.userId LEFT JOIN game_states g ON g.user_id = x.userId
     WHERE u.last_seen >= @seenSince ORDER BY x.startedAt DESC LIMIT @limit`,
  );
  const countActive = sqlite.prepare<{ seenSince: number }, { n: number }>(
    `SELECT count(*) AS n FROM play_sessions s JOIN users u ON u.id = s.user_id
     WHERE s.ended_at IS NULL AND u.last_seen >= @seenSince`,
  );
  // An open session left behind (a tab closed without ending it) ends at its last roll, or at its
  // start when it had none, so that idle hours are not counted as play.
  const closeOpen = sqlite.prepare<{ userId: number }>(
    `UPDATE play_sessions SET ended_at = max(started_at, coalesce(
       (SELECT max(r.created_at) FROM rolls r WHERE r.user_id = play_sessions.user_id
          AND r.created_at >= play_sessions.started_at), started_at))
     WHERE user_id = @userId AND ended_at IS NULL`,
  );

  return {
    withStats: (id: number, now: number) => byId.get({ id, now }),
    listByUser: (userId: number, limit: number, now: number) => byUser.all({ userId, now, limit }),
    openOf: (userId: number, now: number) => openOf.get({ userId, now }),
    active: (now: number, seenSince: number, limit: number) => active.all({ now, seenSince, limit }),
    countActive: (seenSince: number) => countActive.get({ seenSince })?.n ?? 0,
    closeOpen: (userId: number) => closeOpen.run({ userId }),
    owner: (tx: Db, id: number) =>
      tx.select({ userId: playSessions.userId }).from(playSessions).where(eq(playSessions.id, id)).get()?.userId,
    insert: (tx: Db, userId: number, now: number, device: string | null) =>
      tx.insert(playSessions).values({ userId, startedAt: now, device }).returning({ id: playSessions.id }).get().id,
    end: (tx: Db, id: number, now: number) =>
      tx
        .update(playSessions)
        .set({ endedAt: now })
        .where(and(eq(playSessions.id, id), isNull(playSessions.endedAt)))
        .run(),
    setDevice: (tx: Db, id: number, device: string) =>
      tx.update(playSessions).set({ device }).where(eq(playSessions.id, id)).run(),
    remove: (tx: Db, id: number) => tx.delete(playSessions).where(eq(playSessions.id, id)).run(),
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
