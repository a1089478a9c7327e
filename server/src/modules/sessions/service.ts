import type { PlaySession, StartSessionBody, UpdateSessionBody } from '@gogo/shared/api';
import { engineText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import type { Queryable } from '../../db/sql.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { sessionsRepo as repo, type ActiveSessionRow, type SessionStatsRow } from './repo.js';

export const SESSIONS_DEFAULT_LIMIT = 20;
export const SESSIONS_MAX_LIMIT = 100;

export function toPlaySession(row: SessionStatsRow, now: number): PlaySession {
  const end = row.endedAt ?? now;
  return {
    id: row.id,
    userId: row.userId,
    startedAt: new Date(row.startedAt).toISOString(),
    endedAt: row.endedAt === null ? null : new Date(row.endedAt).toISOString(),
    active: row.endedAt === null,
    durationSeconds: Math.max(0, Math.floor((end - row.startedAt) / 1000)),
    rolls: row.rolls,
    gogoWon: row.won,
    gogoLost: -row.lost,
    netGogo: row.won + row.lost,
    device: row.device,
  };
}

/** Play sessions: a player reads and changes only their own. */
export function createSessionsService(deps: { database: Database; clock: Clock }) {
  const { database, clock } = deps;

  const read = async (q: Queryable, id: number) => {
    const now = clock();
    const row = await repo.withStats(q, id, now);
    if (!row) throw notFound(engineText.sessionNotFound);
    return toPlaySession(row, now);
  };

  const assertOwner = (owner: number | undefined, viewerId: number) => {
    if (owner === undefined) throw notFound(engineText.sessionNotFound);
    if (owner !== viewerId) throw forbidden(engineText.ownDataOnly);
  };

  return {
    /** Starts a visit to /game; an open session of the player is closed first. */
    async start(userId: number, body: StartSessionBody): Promise<PlaySession> {
      return database.write(async (tx) => {
        await repo.closeOpen(tx, userId);
        const id = await repo.insert(tx, userId, clock(), body.device?.trim() || null);
        return read(tx, id);
      });
    },

    async get(viewerId: number, id: number): Promise<PlaySession> {
      assertOwner(await repo.owner(database.read, id), viewerId);
      return read(database.read, id);
    },

    /** `ended: true` ends the session now (an ended session keeps its first end). */
    async update(viewerId: number, id: number, body: UpdateSessionBody): Promise<PlaySession> {
      return database.write(async (tx) => {
        assertOwner(await repo.owner(tx, id), viewerId);
        if (body.device !== undefined) await repo.setDevice(tx, id, body.device.trim());
        if (body.ended === true) await repo.end(tx, id, clock());
        return read(tx, id);
      });
    },

    async remove(viewerId: number, id: number) {
      await database.write(async (tx) => {
        assertOwner(await repo.owner(tx, id), viewerId);
        await repo.remove(tx, id);
      });
      return { deleted: true, id };
    },

    async listForUser(
      viewerId: number,
      userId: number,
      limit: number = SESSIONS_DEFAULT_LIMIT,
    ): Promise<PlaySession[]> {
      if (viewerId !== userId) throw forbidden(engineText.ownDataOnly);
      const now = clock();
      const capped = Math.min(Math.max(1, Math.floor(limit)), SESSIONS_MAX_LIMIT);
      return (await repo.listByUser(database.read, userId, capped, now)).map((row) => toPlaySession(row, now));
    },

    async openSession(userId: number): Promise<PlaySession | null> {
      const now = clock();
      const row = await repo.openOf(database.read, userId, now);
      return row ? toPlaySession(row, now) : null;
    },

    /** Open sessions of players seen since `seenSince` and listed as online, newest first. */
    activeSessions: (now: number, seenSince: number, limit: number): Promise<ActiveSessionRow[]> =>
      repo.active(database.read, now, seenSince, limit),
    countActive: (seenSince: number) => repo.countActive(database.read, seenSince),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
