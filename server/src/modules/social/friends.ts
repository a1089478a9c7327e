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
import type { Database } from '../../db/database.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { toIso, type Clock } from '../../lib/clock.js';
import type { Tx } from '../../db/sql.js';
import { isUniqueViolation } from '../../db/errors.js';
import { acceptsFriendRequests, canViewProfile, type PrivacyState } from '../../core/privacy.js';
import type { Access } from '../access/index.js';
import { publish } from '../../core/events.js';
import { friendsRepo as repo, type FriendRow, type PersonRow, type RequestWithPeople } from './friends-repo.js';

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
  database: Database;
  access: Access;
  clock: Clock;
  /** Before a friendship ends, in its transaction: the friends race keeps the week's field as it was. */
  beforeFriendshipEnds?: (tx: Tx, userIds: readonly number[], now: number) => Promise<void>;
}) {
  const { database, access, clock } = deps;

  const toRequest = ({ request, from, to }: RequestWithPeople): FriendRequest => ({
    id: request.id,
    from: access.card(from.id, from.username, from.avatarFile),
    to: access.card(to.id, to.username, to.avatarFile),
    status: request.status,
    createdAt: iso(request.createdAt),
    respondedAt: toIso(request.respondedAt),
  });

  /** A friend as `viewerId` sees them (presence follows the friend's own privacy). */
  const toFriend = (row: FriendRow | (PersonRow & { since: number }), viewerId: number, viewerFriends: Set<number>) =>
    ({
      ...access.card(row.id, row.username, row.avatarFile),
      level: row.level,
      since: iso(row.since),
      presence: access.presenceOf(
        privacyOfPerson(row),
        { isSelf: row.id === viewerId, isFriend: viewerFriends.has(row.id) },
        row.lastSeen,
      ),
    }) satisfies Friend;

  const friendIds = async (userId: number) => new Set((await repo.friendsOf(database.read, userId)).map((f) => f.id));

  async function list(viewerId: number, userId: number): Promise<FriendList> {
    const { rel } = await access.readable(viewerId, userId);
    const rows = await repo.friendsOf(database.read, userId);
    const viewerFriends = rel.isSelf ? new Set(rows.map((r) => r.id)) : await friendIds(viewerId);
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

  async function send(viewerId: number, toUserId: number): Promise<{ result: FriendRequestResult; created: boolean }> {
    if (toUserId === viewerId) throw badRequest(ErrorCode.CANNOT_FRIEND_SELF, socialText.cannotFriendSelf);
    const target = await access.reach(viewerId, toUserId);
    if (target.rel.isFriend) throw conflict(ErrorCode.ALREADY_FRIENDS, socialText.alreadyFriends);
    const now = clock();
    try {
      return await database.write((tx) => sendIn(tx, viewerId, toUserId, target.privacy, now));
    } catch (err) {
      // Both players asked each other at the same moment (PostgreSQL): the pending-pair index lets one
      // request in; the other answers as if it had come second.
      if (isUniqueViolation(err)) return database.write((tx) => sendIn(tx, viewerId, toUserId, target.privacy, now));
      throw err;
    }
  }

  async function sendIn(
    tx: Tx,
    viewerId: number,
    toUserId: number,
    privacy: PrivacyState | undefined,
    now: number,
  ): Promise<{ result: FriendRequestResult; created: boolean }> {
    if (await repo.areFriends(tx, viewerId, toUserId)) {
      throw conflict(ErrorCode.ALREADY_FRIENDS, socialText.alreadyFriends);
    }
    const pending = await repo.pendingBetween(tx, viewerId, toUserId);
    if (pending && pending.fromUserId === viewerId) {
      throw conflict(ErrorCode.FRIEND_REQUEST_EXISTS, socialText.requestAlreadySent);
    }
    if (pending) {
      // They had already asked: sending back is a yes.
      if (!(await repo.answer(tx, pending.id, 'accepted', now))) {
        throw conflict(ErrorCode.FRIEND_REQUEST_NOT_PENDING, socialText.requestNotPending);
      }
      await repo.insertFriendship(tx, viewerId, toUserId, now);
      publish(tx, { type: 'friend', userId: toUserId, otherId: viewerId, kind: 'accepted' });
      const request = toRequest((await repo.requestById(tx, pending.id))!);
      return { result: { request, becameFriends: true }, created: false };
    }
    if (!acceptsFriendRequests(privacy)) {
      throw new AppError(403, ErrorCode.FRIEND_REQUESTS_CLOSED, socialText.requestsClosed);
    }
    const declinedAt = await repo.lastDeclinedAt(tx, viewerId, toUserId);
    if (declinedAt !== null && now - declinedAt < FRIEND_REQUEST_RETRY_MS) {
      throw new AppError(429, ErrorCode.FRIEND_REQUEST_COOLDOWN, socialText.requestCooldown, {
        retryAt: iso(declinedAt + FRIEND_REQUEST_RETRY_MS),
      });
    }
    if ((await repo.countOutgoingPending(tx, viewerId)) >= MAX_PENDING_OUTGOING) {
      throw new AppError(429, ErrorCode.FRIEND_REQUEST_LIMIT, socialText.requestLimit);
    }
    const id = await repo.insertRequest(tx, viewerId, toUserId, now);
    publish(tx, { type: 'friend', userId: toUserId, otherId: viewerId, kind: 'request' });
    return { result: { request: toRequest((await repo.requestById(tx, id))!), becameFriends: false }, created: true };
  }

  async function requests(viewerId: number, userId: number): Promise<FriendRequests> {
    await access.ownData(viewerId, userId);
    const [incoming, outgoing] = await Promise.all([
      repo.incoming(database.read, userId),
      repo.outgoing(database.read, userId),
    ]);
    return { incoming: incoming.map(toRequest), outgoing: outgoing.map(toRequest) };
  }

  async function respond(
    viewerId: number,
    requestId: number,
    response: 'accept' | 'decline' | 'cancel',
  ): Promise<RespondResult> {
    const now = clock();
    return database.write(async (tx) => {
      const found = await repo.requestById(tx, requestId);
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
      if (!(await repo.answer(tx, request.id, status, now))) {
        throw conflict(ErrorCode.FRIEND_REQUEST_NOT_PENDING, socialText.requestNotPending);
      }
      publish(tx, { type: 'friend', userId: other.id, otherId: viewerId, kind: status });
      let friend: Friend | null = null;
      if (status === 'accepted') {
        await repo.insertFriendship(tx, request.fromUserId, request.toUserId, now);
        friend = toFriend({ ...other, since: now }, viewerId, new Set([other.id]));
      }
      return { request: toRequest((await repo.requestById(tx, request.id))!), friend };
    });
  }

  async function remove(viewerId: number, friendId: number) {
    const removed = await database.write(async (tx) => {
      await deps.beforeFriendshipEnds?.(tx, [viewerId, friendId], clock());
      const changed = await repo.deleteFriendship(tx, viewerId, friendId);
      if (changed) publish(tx, { type: 'friend', userId: friendId, otherId: viewerId, kind: 'removed' });
      return changed;
    });
    if (!removed) throw notFound(socialText.notFriends, ErrorCode.NOT_FRIENDS);
    return { removed: true, friendId };
  }

  return { list, send, requests, respond, remove };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
