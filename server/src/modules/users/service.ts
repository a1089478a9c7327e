import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { StatsService } from '../stats/index.js';
import type { Counters } from '../throttle/index.js';
import type { Access, FriendGraph } from './access.js';
import { createAccountService } from './account/service.js';
import type { AvatarStore } from './avatar-store.js';
import { createAvatarService } from './avatars/service.js';
import { createHistoryService } from './profile/history.js';
import { createProfileService, type EmailStatusHooks } from './profile/service.js';
import { createSocialService } from './social/service.js';

export { PASSWORD_FAILURES_MAX, PASSWORD_FAILURES_WINDOW_MS } from './access.js';
export { EXPORT_INTERVAL_MS, deletedEmail, deletedUsername } from './account/service.js';
export { ONLINE_DEFAULT_LIMIT, SEARCH_DEFAULT_LIMIT, TOP_PLAYERS_DEFAULT_LIMIT } from './social/service.js';

/**
 * The profile module, one service per concern: access (who may see or change whom), profile and
 * settings, history and analytics, social discovery and presence, avatars, the account's life.
 * Every read runs on `database.read`; every change in one `database.write` transaction.
 */
export function createUsersService(deps: {
  database: Database;
  /** Who may reach, read or change a player (access.ts); built first, the engine's stats use it too. */
  access: Access;
  /** The friends module's graph (modules/friends/graph.ts). */
  friends: FriendGraph;
  stats: StatsService;
  avatars: AvatarStore;
  /** Shared counters: password-check failures and the export throttle hold across instances. */
  counters: Counters;
  clock: Clock;
  /** Whether the address is verified, and what an email change does (modules/recovery). */
  emailStatus?: EmailStatusHooks;
}) {
  const { access } = deps;
  const shared = deps;
  return {
    ...access,
    ...createProfileService(shared),
    ...createHistoryService(shared),
    ...createSocialService(shared),
    ...createAvatarService(shared),
    ...createAccountService(shared),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
