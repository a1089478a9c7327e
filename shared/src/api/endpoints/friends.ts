import { endpoint } from '../endpoint.js';
import { FriendRequestBody, RespondBody } from '../friends.js';
import { UserIdParams } from '../stats.js';
import {
  FriendListResponse,
  FriendRemovedResponse,
  FriendRequestResponse,
  FriendRequestsResponse,
  RespondResponse,
} from '../user-account.js';

// Friends: lists, requests, answers and removal.

export const friendList = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/friends/:id',
  auth: 'player',
  tags: ['friends'],
  summary: "A player's friends (privacy applies)",
  description:
    'The player sees every active friend; another player (allowed by the profile visibility) sees the ' +
    'friends whose profiles they could open. Presence follows each friend’s own privacy.',
  params: UserIdParams,
  response: FriendListResponse,
});

export const sendFriendRequest = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/user/friend-request',
  auth: 'player',
  tags: ['friends'],
  summary: 'Send a friend request',
  description:
    '201 with the pending request. If the other player had already asked, their request is accepted instead ' +
    '(200, becameFriends=true). 400 CANNOT_FRIEND_SELF; 404 unknown or inactive player; 409 ALREADY_FRIENDS ' +
    'or FRIEND_REQUEST_EXISTS; 403 FRIEND_REQUESTS_CLOSED (private profile); 429 FRIEND_REQUEST_COOLDOWN ' +
    '(declined less than 24 h ago) or FRIEND_REQUEST_LIMIT (50 pending).',
  body: FriendRequestBody,
  response: FriendRequestResponse,
  alsoAnswers: { 201: FriendRequestResponse },
});

export const friendRequests = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/friend-requests/:id',
  auth: 'player',
  tags: ['friends'],
  summary: 'Own pending friend requests, incoming and outgoing',
  description: 'Only the player (403 otherwise). Requests of deactivated players wait unseen.',
  params: UserIdParams,
  response: FriendRequestsResponse,
});

export const respondFriendRequest = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/user/friend-request/:id/respond',
  auth: 'player',
  tags: ['friends'],
  summary: 'Accept or decline a received request (or cancel a sent one)',
  description:
    ':id is the request id. accept and decline: only the recipient; cancel: only the sender (403 ' +
    'otherwise); 404 for a request of other players; 409 FRIEND_REQUEST_NOT_PENDING once answered.',
  params: UserIdParams,
  body: RespondBody,
  response: RespondResponse,
});

export const removeFriend = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/api/user/friend/:id',
  auth: 'player',
  tags: ['friends'],
  summary: 'Remove a friend (for both players)',
  description: ':id is the friend’s user id; 404 NOT_FRIENDS when they are not a friend.',
  params: UserIdParams,
  response: FriendRemovedResponse,
});
