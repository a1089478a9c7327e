import type { PlaySession, StartSessionBody, UpdateSessionBody } from '@gogo/shared/api';
import { engineText } from '@gogo/shared/messages';
import type { Database_ } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionsRepo, SessionStatsRow } from './repo.js';

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
export function createSessionsService(deps: { database: Database_; repo: SessionsRepo; clock: Clock }) {
  const { database, repo, clock } = deps;

  const read = (id: number) => {
    const now = clock();
    const row = repo.withStats(id, now);
    if (!row) throw notFound(engineText.sessionNotFound);
    return toPlaySession(row, now);
  };

  const assertOwner = (owner: number | undefined, viewerId: number) => {
    if (owner === undefined) throw notFound(engineText.sessionNotFound);
    if (owner !== viewerId) throw forbidden(engineText.ownDataOnly);
  };

  return {
    /** Starts a visit to /game; an open session of the player is closed first. */
    start(userId: number, body: StartSessionBody): PlaySession {
      const id = database.legacyWrite((tx) => {
        repo.closeOpen(userId);
        return repo.insert(tx, userId, clock(), body.device?.trim() || null);
      });
      return read(id);
    },

    get(viewerId: number, id: number): PlaySession {
      assertOwner(repo.owner(database.db, id), viewerId);
      return read(id);
    },

    /** `ended: true` ends the session now (an ended session keeps its first end). */
    update(viewerId: number, id: number, body: UpdateSessionBody): PlaySession {
      database.legacyWrite((tx) => {
        assertOwner(repo.owner(tx, id), viewerId);
        if (body.device !== undefined) repo.setDevice(tx, id, body.device.trim());
        if (body.ended === true) repo.end(tx, id, clock());
      });
      return read(id);
    },

    remove(viewerId: number, id: number) {
      database.legacyWrite((tx) => {
        assertOwner(repo.owner(tx, id), viewerId);
        repo.remove(tx, id);
      });
      return { deleted: true, id };
    },

    listForUser(viewerId: number, userId: number, limit: number = SESSIONS_DEFAULT_LIMIT): PlaySession[] {
      if (viewerId !== userId) throw forbidden(engineText.ownDataOnly);
      const now = clock();
      const capped = Math.min(Math.max(1, Math.floor(limit)), SESSIONS_MAX_LIMIT);
      return repo.listByUser(userId, capped, now).map((row) => toPlaySession(row, now));
    },

    openSession(userId: number): PlaySession | null {
      const now = clock();
      const row = repo.openOf(userId, now);
      return row ? toPlaySession(row, now) : null;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
