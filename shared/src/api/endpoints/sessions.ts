import { endpoint } from '../endpoint.js';
import {
  PlaySessionResponse,
  SessionDeletedResponse,
  SessionIdParams,
  SessionListQuery,
  SessionListResponse,
  StartSessionBody,
  UpdateSessionBody,
} from '../sessions.js';
import { UserIdParams } from '../stats.js';

// Play sessions of the game screen.

export const startSession = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/game-session/session',
  auth: 'player',
  tags: ['game-session'],
  summary: 'Start a play session (a visit to /game)',
  description: 'An open session of the player is ended first, at its last roll (or its start).',
  body: StartSessionBody,
  response: PlaySessionResponse,
  status: 201,
});

export const session = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/game-session/session/:id',
  auth: 'player',
  tags: ['game-session'],
  summary: 'A play session with its rolls and net GOGO (own only)',
  params: SessionIdParams,
  response: PlaySessionResponse,
});

export const updateSession = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/api/game-session/session/:id',
  auth: 'player',
  tags: ['game-session'],
  summary: 'End a play session or label its device (own only)',
  params: SessionIdParams,
  body: UpdateSessionBody,
  response: PlaySessionResponse,
});

export const deleteSession = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/api/game-session/session/:id',
  auth: 'player',
  tags: ['game-session'],
  summary: "Delete a play session from the player's history (own only; rolls are kept)",
  params: SessionIdParams,
  response: SessionDeletedResponse,
});

export const userSessions = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/game-session/sessions/user/:id',
  auth: 'player',
  tags: ['game-session'],
  summary: "The player's play sessions, newest first (own only: 403 otherwise)",
  params: UserIdParams,
  query: SessionListQuery,
  response: SessionListResponse,
});
