import type { FriendGraph } from '../access/index.js';
import { friendsRepo } from './friends-repo.js';

/**
 * What other modules may ask about the friendship graph (access's privacy checks, the profile, the
 * account's export and deletion). app.ts hands it to them as the access module's `FriendGraph`, so
 * they never reach into this module's repository.
 */
export const friendGraph: FriendGraph = {
  areFriends: friendsRepo.areFriends,
  pendingMap: friendsRepo.pendingMap,
  countFriends: friendsRepo.countFriends,
  friendsOf: friendsRepo.friendsOf,
  friendIdsRead: friendsRepo.friendIdsRead,
  historyOf: friendsRepo.historyOf,
  deleteAllOf: friendsRepo.deleteAllOf,
};
