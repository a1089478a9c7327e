import { endpoint } from '../endpoint.js';
import {
  AdminEventListResponse,
  AdminEventResponse,
  EventIdParams,
  EventInput,
  EventLeaderboardQuery,
  EventLeaderboardResponse,
  JoinEventResponse,
  PlayerEventsResponse,
  ResultSeenResponse,
} from '../events.js';

// Live events: the back office's schedule and the player's list, join, standings and results.

export const adminCreateEvent = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/events',
  auth: 'admin',
  tags: ['admin', 'events'],
  summary: 'Schedule an event (a 400 names the refused field: schedule, rank ranges, prizes)',
  body: EventInput,
  status: 201,
  response: AdminEventResponse,
});

export const adminListEvents = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/admin/events',
  auth: 'admin',
  tags: ['admin', 'events'],
  summary: 'Every event, newest first, with entrants and prizes paid',
  response: AdminEventListResponse,
});

export const adminUpdateEvent = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/api/admin/events/:id',
  auth: 'admin',
  tags: ['admin', 'events'],
  summary: 'Edit an event before it starts (409 EVENT_NOT_EDITABLE after)',
  params: EventIdParams,
  body: EventInput,
  response: AdminEventResponse,
});

export const adminCancelEvent = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/admin/events/:id/cancel',
  auth: 'admin',
  tags: ['admin', 'events'],
  summary: 'Cancel an event that has not been settled: it pays nothing and does not repeat',
  params: EventIdParams,
  response: AdminEventResponse,
});

export const listEvents = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/events',
  auth: 'player',
  tags: ['events'],
  summary: 'Live and upcoming events, then those that ended in the last 7 days, with the player standing',
  response: PlayerEventsResponse,
});

export const joinEvent = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/events/:id/join',
  auth: 'player',
  tags: ['events'],
  summary: 'Join a live event (again: no change); 409 EVENT_FULL or EVENT_NOT_LIVE',
  params: EventIdParams,
  response: JoinEventResponse,
});

export const eventLeaderboard = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/events/:id/leaderboard',
  auth: 'player',
  tags: ['events'],
  summary: 'Standings: higher score first, a tie to whoever reached it first',
  params: EventIdParams,
  query: EventLeaderboardQuery,
  response: EventLeaderboardResponse,
});

export const eventResultSeen = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/events/:id/result/seen',
  auth: 'player',
  tags: ['events'],
  summary: 'The player closed the results card of an event they won a prize in',
  params: EventIdParams,
  response: ResultSeenResponse,
});

export const remindEvent = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/events/:id/remind',
  auth: 'player',
  tags: ['events', 'push'],
  summary:
    'Send a push notification when an upcoming event starts (409 EVENT_NOT_UPCOMING once it has; 409 PUSH_NOT_ALLOWED without a subscribed device)',
  params: EventIdParams,
  response: JoinEventResponse,
});

export const forgetEventReminder = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/api/events/:id/remind',
  auth: 'player',
  tags: ['events', 'push'],
  summary: 'Cancel the reminder of an upcoming event (no reminder: no change)',
  params: EventIdParams,
  response: JoinEventResponse,
});
