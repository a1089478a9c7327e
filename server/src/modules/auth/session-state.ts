import type { Database } from '../../db/database.js';
import { accounts, LAST_SEEN_RESOLUTION_MS } from './accounts.js';

/** Players remembered by one instance before it forgets them all (bounded memory). */
const MAX_REMEMBERED = 100_000;

/**
 * What the auth plugin reads and writes on each authenticated request: the token version (a
 * revoked token stops at once on every instance) and the player's presence. Presence costs at most
 * one write per player per minute: this instance skips players whose last_seen it knows to be under a
 * minute old, reads it (no write lock) when it does not know, and the conditional UPDATE keeps
 * concurrent instances to one write per minute.
 */
export function createSessionState(database: Database) {
  /** When each player's last_seen was last known to be set (by any instance). */
  const knownSeen = new Map<number, number>();
  const remember = (id: number, at: number) => {
    if (knownSeen.size >= MAX_REMEMBERED) knownSeen.clear();
    knownSeen.set(id, at);
  };
  const fresh = (at: number | null | undefined, now: number) =>
    at !== null && at !== undefined && now >= at && now - at < LAST_SEEN_RESOLUTION_MS;

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
      if (fresh(knownSeen.get(id), now)) return;
      // A read costs no write lock: another instance (or the login) may have written it this minute.
      const stored = await accounts.lastSeen(database.read, id);
      if (fresh(stored, now)) return remember(id, stored!);
      remember(id, now);
      await database.write((tx) => accounts.touchLastSeen(tx, id, now));
    },
  };
}

export type SessionState = ReturnType<typeof createSessionState>;
