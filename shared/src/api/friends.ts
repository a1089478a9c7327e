import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './schema-helpers.js';
import { Presence } from './user-profile.js';
import { UserCard } from './user-social.js';

/** Friends of the /api/user contract: lists, requests and answers. */

export const Friend = Type.Object({
  ...UserCard.properties,
  level: Type.Integer(),
  since: DateTime('when the friendship began'),
  presence: Presence,
});
export type Friend = Static<typeof Friend>;

export const FriendList = Type.Object({ userId: Type.Integer(), total: Type.Integer(), friends: Type.Array(Friend) });
export type FriendList = Static<typeof FriendList>;

export const FriendRequestStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
  Type.Literal('cancelled'),
]);

export const FriendRequest = Type.Object({
  id: Type.Integer(),
  from: UserCard,
  to: UserCard,
  status: FriendRequestStatus,
  createdAt: DateTime(),
  respondedAt: Nullable(DateTime()),
});
export type FriendRequest = Static<typeof FriendRequest>;

export const FriendRequestBody = Type.Object({ toUserId: Type.Integer({ minimum: 1 }) });
export type FriendRequestBody = Static<typeof FriendRequestBody>;

export const FriendRequestResult = Type.Object({
  request: FriendRequest,
  becameFriends: Type.Boolean({
    description: 'true when the other player had already asked: their request was accepted instead',
  }),
});
export type FriendRequestResult = Static<typeof FriendRequestResult>;

export const FriendRequests = Type.Object({
  incoming: Type.Array(FriendRequest),
  outgoing: Type.Array(FriendRequest),
});
export type FriendRequests = Static<typeof FriendRequests>;

export const RespondBody = Type.Object({
  response: Type.Union([Type.Literal('accept'), Type.Literal('decline'), Type.Literal('cancel')], {
    description: 'accept or decline: the recipient; cancel: the sender withdraws the request',
  }),
});
export type RespondBody = Static<typeof RespondBody>;

export const RespondResult = Type.Object({ request: FriendRequest, friend: Nullable(Friend) });
export type RespondResult = Static<typeof RespondResult>;

export const FriendRemoved = Type.Object({ removed: Type.Boolean(), friendId: Type.Integer() });
