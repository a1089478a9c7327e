import type { FriendGraph } from '../users/index.js';
import { friendsRepo } from './repo.js';

/**
 * What other modules may ask the friends module about the friendship graph (the profile module's
 * privacy checks, its export and account deletion). app.ts hands it to the users service, so the
 * profile code never reaches into this module's repository.
 */
export const friendGraph: FriendGraph = {
  areFriends: friendsRepo.areFriends,
  pendingMap: friendsRepo.pendingMap,
  countFriends: friendsRepo.countFriends,
  friendsOf: friendsRepo.friendsOf,
  historyOf: friendsRepo.historyOf,
  deleteAllOf: friendsRepo.deleteAllOf,
};
