import { ErrorCode } from '@gogo/shared/api';
import { serverText } from '@gogo/shared/messages';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import { AppError } from '../../lib/errors.js';
import { accounts, LAST_SEEN_RESOLUTION_MS } from './accounts.js';
import { adminsRepo } from './admins-repo.js';

/** What a request whose token check is left to its handler's transaction carries (requirePlayerInHandler). */
export interface PlayerSession {
  /** The token's version: it must still be the account's. */
  tokenVersion: number;
  /** False for a support session (test-login): the player's presence does not move. */
  touchSeen: boolean;
}

/** The account's token version and last_seen, as the handler's own statement read them in its transaction. */
export interface StoredSession {
  tokenVersion: number | null;
  lastSeen: number | null;
}

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
      const tokenVersion = await adminsRepo.tokenVersion(database.read, id);
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
    /**
     * requirePlayer's database half inside the caller's transaction (the roll: one commit for the
     * check, the presence and the roll). `stored` is what the caller's statement read in that
     * transaction; a revoked token throws the same 401 as requirePlayer, before anything is written.
     */
    async checkIn(tx: Tx, id: number, session: PlayerSession, stored: StoredSession, now: number): Promise<void> {
      if (stored.tokenVersion === null || stored.tokenVersion !== session.tokenVersion) {
        throw new AppError(401, ErrorCode.INVALID_TOKEN, serverText.invalidToken);
      }
      if (!session.touchSeen || fresh(knownSeen.get(id), now)) return;
      if (fresh(stored.lastSeen, now)) return remember(id, stored.lastSeen!);
      await accounts.touchLastSeen(tx, id, now);
      // Remembered once committed: a roll that rolls back leaves the presence to the next request.
      tx.afterCommit(() => remember(id, now));
    },
  };
}

export type SessionState = ReturnType<typeof createSessionState>;
