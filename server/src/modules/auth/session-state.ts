import type { Database } from '../../db/database.js';
import { accounts, LAST_SEEN_RESOLUTION_MS } from './accounts.js';

/** Players remembered by one instance before it forgets them all (bounded memory). */
const MAX_REMEMBERED = 100_000;

/**
 * What the auth plugin reads and writes on each authenticated request: the token version (a
 * revoked token stops at once on every instance) and the player's presence. Presence costs at most
 * one write per player per minute: this instance skips players it wrote within the minute, and the
 * conditional UPDATE keeps every other instance to the same minute.
 */
export function createSessionState(database: Database) {
  const lastWrite = new Map<number, number>();
  return {
    findUserAuthState: async (id: number) => {
      const tokenVersion = await accounts.userTokenVersion(database.read, id);
      return tokenVersion === undefined ? undefined : { tokenVersion };
    },
    findAdminAuthState: async (id: number) => {
      const tokenVersion = await accounts.adminTokenVersion(database.read, id);
      return tokenVersion === undefined ? undefined : { tokenVersion };
    },
    async touchLastSeen(id: number, now: number): Promise<void> {
      const last = lastWrite.get(id);
      if (last !== undefined && now >= last && now - last < LAST_SEEN_RESOLUTION_MS) return;
      if (lastWrite.size >= MAX_REMEMBERED) lastWrite.clear();
      lastWrite.set(id, now);
      await database.write((tx) => accounts.touchLastSeen(tx, id, now));
    },
  };
}

export type SessionState = ReturnType<typeof createSessionState>;
