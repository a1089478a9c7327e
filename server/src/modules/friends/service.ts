import {
  ErrorCode,
  type Friend,
  type FriendList,
  type FriendRequest,
  type FriendRequestResult,
  type FriendRequests,
  type RespondResult,
} from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';
import type { Database_ } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { acceptsFriendRequests, canViewProfile, type PrivacyState } from '../users/privacy.js';
import type { UsersService } from '../users/service.js';
import type { FriendRow, FriendsRepo, PersonRow, RequestWithPeople } from './repo.js';

/** A declined sender may ask again this long after the decline. */
export const FRIEND_REQUEST_RETRY_MS = 24 * 3_600_000;
/** Pending requests one player may have out at once. */
export const MAX_PENDING_OUTGOING = 50;

const iso = (ms: number) => new Date(ms).toISOString();

const privacyOfPerson = (p: PersonRow): PrivacyState => ({
  profileVisibility: p.profileVisibility,
  showOnLeaderboard: p.showOnLeaderboard === 1,
  showOnlineStatus: p.showOnlineStatus === 1,
  deactivatedAt: p.deactivatedAt,
  deletedAt: p.deletedAt,
});

export function createFriendsService(deps: {
  database: Database_;
  repo: FriendsRepo;
  users: UsersService;
  clock: Clock;
}) {
  const { database, repo, users, clock } = deps;

  const toRequest = ({ request, from, to }: RequestWithPeople): FriendRequest => ({
    id: request.id,
    from: users.card(from.id, from.username, from.avatarFile),
    to: users.card(to.id, to.username, to.avatarFile),
    status: request.status,
    createdAt: iso(request.createdAt),
    respondedAt: toIso(request.respondedAt),
  });

  /** A friend as `viewerId` sees them (presence follows the friend's own privacy). */
  const toFriend = (row: FriendRow | (PersonRow & { since: number }), viewerId: number, viewerFriends: Set<number>) =>
    ({
      ...users.card(row.id, row.username, row.avatarFile),
      level: row.level,
      since: iso(row.since),
      presence: users.presenceOf(
        privacyOfPerson(row),
        { isSelf: row.id === viewerId, isFriend: viewerFriends.has(row.id) },
        row.lastSeen,
      ),
    }) satisfies Friend;

  const friendIds = (userId: number) => new Set(repo.friendsOf(userId).map((f) => f.id));

  function list(viewerId: number, userId: number): FriendList {
    const { rel } = users.readable(viewerId, userId);
    const rows = repo.friendsOf(userId);
    const viewerFriends = rel.isSelf ? new Set(rows.map((r) => r.id)) : friendIds(viewerId);
    // The owner sees every active friend; anyone else sees those whose profile they could open.
    const visible = rel.isSelf
      ? rows
      : rows.filter((r) =>
          canViewProfile(privacyOfPerson(r), { isSelf: r.id === viewerId, isFriend: viewerFriends.has(r.id) }),
        );
    return {
      userId,
      total: visible.length,
      friends: visible.map((r) => toFriend(r, viewerId, viewerFriends)),
    };
  }

  function send(viewerId: number, toUserId: number): { result: FriendRequestResult; created: boolean } {
    if (toUserId === viewerId) throw badRequest(ErrorCode.CANNOT_FRIEND_SELF, socialText.cannotFriendSelf);
    const target = users.reach(viewerId, toUserId);
    if (target.rel.isFriend) throw conflict(ErrorCode.ALREADY_FRIENDS, socialText.alreadyFriends);
    const now = clock();
    return database.legacyWrite((tx) => {
      if (repo.areFriends(viewerId, toUserId)) throw conflict(ErrorCode.ALREADY_FRIENDS, socialText.alreadyFriends);
      const pending = repo.pendingBetween(viewerId, toUserId);
      if (pending && pending.fromUserId === viewerId) {
        throw conflict(ErrorCode.FRIEND_REQUEST_EXISTS, socialText.requestAlreadySent);
      }
      if (pending) {
        // They had already asked: sending back is a yes.
        repo.answer(tx, pending.id, 'accepted', now);
        repo.insertFriendship(tx, viewerId, toUserId, now);
        return { result: { request: toRequest(repo.requestById(pending.id)!), becameFriends: true }, created: false };
      }
      if (!acceptsFriendRequests(target.privacy)) {
        throw new AppError(403, ErrorCode.FRIEND_REQUESTS_CLOSED, socialText.requestsClosed);
      }
      const declinedAt = repo.lastDeclinedAt(viewerId, toUserId);
      if (declinedAt !== null && now - declinedAt < FRIEND_REQUEST_RETRY_MS) {
        throw new AppError(429, ErrorCode.FRIEND_REQUEST_COOLDOWN, socialText.requestCooldown, {
          retryAt: iso(declinedAt + FRIEND_REQUEST_RETRY_MS),
        });
      }
      if (repo.countOutgoingPending(viewerId) >= MAX_PENDING_OUTGOING) {
        throw new AppError(429, ErrorCode.FRIEND_REQUEST_LIMIT, socialText.requestLimit);
      }
      const row = repo.insertRequest(tx, viewerId, toUserId, now);
      return { result: { request: toRequest(repo.requestById(row.id)!), becameFriends: false }, created: true };
    });
  }

  function requests(viewerId: number, userId: number): FriendRequests {
    users.ownData(viewerId, userId);
    return { incoming: repo.incoming(userId).map(toRequest), outgoing: repo.outgoing(userId).map(toRequest) };
  }

  function respond(viewerId: number, requestId: number, response: 'accept' | 'decline' | 'cancel'): RespondResult {
    const now = clock();
    return database.legacyWrite((tx) => {
      const found = repo.requestById(requestId);
      // A request is visible only to its two players; to anyone else it does not exist.
      if (!found || (found.request.fromUserId !== viewerId && found.request.toUserId !== viewerId)) {
        throw notFound(socialText.requestNotFound);
      }
      const { request } = found;
      if (response === 'cancel' && request.fromUserId !== viewerId) {
        throw forbidden(socialText.notYourOutgoingRequest);
      }
      if (response !== 'cancel' && request.toUserId !== viewerId) throw forbidden(socialText.notYourRequest);
      if (request.status !== 'pending') {
        throw conflict(ErrorCode.FRIEND_REQUEST_NOT_PENDING, socialText.requestNotPending);
      }
      const other = request.fromUserId === viewerId ? found.to : found.from;
      if (response === 'accept' && (other.deactivatedAt !== null || other.deletedAt !== null)) {
        throw notFound(socialText.playerNotFound);
      }
      const status = response === 'accept' ? 'accepted' : response === 'decline' ? 'declined' : 'cancelled';
      if (!repo.answer(tx, request.id, status, now)) {
        throw conflict(ErrorCode.FRIEND_REQUEST_NOT_PENDING, socialText.requestNotPending);
      }
      let friend: Friend | null = null;
      if (status === 'accepted') {
        repo.insertFriendship(tx, request.fromUserId, request.toUserId, now);
        friend = toFriend({ ...other, since: now }, viewerId, new Set([other.id]));
      }
      return { request: toRequest(repo.requestById(request.id)!), friend };
    });
  }

  function remove(viewerId: number, friendId: number) {
    const removed = database.legacyWrite((tx) => repo.deleteFriendship(tx, viewerId, friendId));
    if (!removed) throw notFound(socialText.notFriends, ErrorCode.NOT_FRIENDS);
    return { removed: true, friendId };
  }

  return { list, send, requests, respond, remove };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
