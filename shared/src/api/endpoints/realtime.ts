import { Type } from 'typebox';
import { endpoint } from '../endpoint.js';
import {
  ActiveGamesResponse,
  LiveLeaderboardResponse,
  RealtimeMetricsResponse,
  RealtimeStatusResponse,
  RecentAchievementsQuery,
  RecentAchievementsResponse,
  UserGameDataResponse,
} from '../realtime.js';
import { LeaderboardQuery, UserIdParams } from '../stats.js';

// Realtime: the WebSocket and the polling fallback's reads.

export const realtimeStatus = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/realtime/status',
  auth: 'player',
  tags: ['realtime'],
  summary: 'Realtime status (the socket, its fan-out, the polling fallback) and players online',
  response: RealtimeStatusResponse,
});

export const liveLeaderboard = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/realtime/leaderboard/live',
  auth: 'player',
  tags: ['realtime'],
  summary: 'The current leaderboard (same as /api/player-stats/leaderboard)',
  query: LeaderboardQuery,
  response: LiveLeaderboardResponse,
});

export const recentAchievements = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/realtime/achievements/recent',
  auth: 'player',
  tags: ['realtime'],
  summary: 'Achievements unlocked most recently, by any player',
  query: RecentAchievementsQuery,
  response: RecentAchievementsResponse,
});

export const userGameData = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/realtime/user/:id/game-data',
  auth: 'player',
  tags: ['realtime'],
  summary: "The player's state, fairness, recent rolls and open session (own only: 403 otherwise)",
  params: UserIdParams,
  response: UserGameDataResponse,
});

export const realtimeMetrics = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/realtime/metrics',
  auth: 'player',
  tags: ['realtime'],
  summary: 'Players online (last 5 minutes), GOGO distributed, rolls today, active games',
  response: RealtimeMetricsResponse,
});

export const activeGames = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/realtime/games/active',
  auth: 'player',
  tags: ['realtime'],
  summary: 'Open play sessions of players seen in the last 5 minutes',
  response: ActiveGamesResponse,
});

/** The OpenAPI description of GET /api/ws (the protocol in full: docs/realtime.md). */
const SOCKET_DESCRIPTION = [
  'Upgrades to a WebSocket. The first message must be `{"type":"auth","token":"<player or admin token>"}` within 5 s;',
  'the server answers `{"type":"ready","role":"player"|"admin","data":{...},"at":...}`, or closes with **4401** on a',
  'missing, bad, expired or revoked token. Every later server message is `{"type", "data", "at"}`.',
  '',
  'Player pushes: `state` (the game state of GET /api/game-state/state, when balance, dice, XP or level change',
  "outside the player's own roll), `transaction` (a money-history row created or changed status), `friend`",
  '(request, accepted, declined, cancelled, removed, online, offline), `leaderboard` (the top changed; at most one',
  'per 2 s), `achievement` (the recent-achievements feed). Admin pushes: `queue` (a deposit or withdrawal became',
  'pending or was decided), `summary` (the dashboard figures; at most one per 2 s). Both: `resync` (read',
  'everything again), `pong`, `error`.',
  '',
  'The client may send only `auth` and `{"type":"ping"}`; anything else is answered with an `error` message and',
  'changes nothing. Limits: messages up to 4,096 bytes (1009 beyond), 5 sockets per account (the oldest closes',
  'with 4409), a socket that cannot keep up closes with 4408, more than 30 messages in 10 s closes with 4429,',
  "an instance that cannot start receiving other instances' changes within 5 s closes with 1013 (try again later),",
  'server pings every 25 s and drops a socket that missed a pong. Logout, password reset, deactivation and',
  "deletion close the account's sockets with 4401 on every instance. A plain GET answers 426 in the envelope.",
].join('\n');

export const socket = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/ws',
  auth: 'none',
  tags: ['realtime'],
  summary: 'The realtime WebSocket (upgrade): authenticate with the first message, then receive pushes',
  description: SOCKET_DESCRIPTION,
  response: Type.Null({ description: 'Switching Protocols: the socket is open; send the auth message within 5 s.' }),
  status: 101,
  errors: [426],
});
