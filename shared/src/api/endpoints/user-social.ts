import { endpoint } from '../endpoint.js';
import { UserIdParams } from '../stats.js';
import {
  LastSeenResponse,
  OnlineStatusResponse,
  OnlineUsersResponse,
  SearchResponse,
  TopPlayersResponse,
} from '../user-account.js';
import { ListQuery, OnlineQuery, SearchQuery } from '../user-social.js';

// Finding players: search, online players, top players, presence.

export const searchUsers = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/search',
  auth: 'player',
  tags: ['user'],
  summary: 'Find players by username (public fields only)',
  description:
    'Case-insensitive substring match, exact and prefix matches first. Lists active players with a public ' +
    'or friends-only profile (level only when the caller may open the profile); private profiles, ' +
    'deactivated accounts and the caller never appear. limit: default 10, at most 50.',
  query: SearchQuery,
  response: SearchResponse,
});

export const onlineUsers = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/online',
  auth: 'player',
  tags: ['user'],
  summary: 'Players active in the last 5 minutes (who show their online status)',
  description:
    'Excludes the caller, private profiles, players hiding their online status, and friends-only profiles ' +
    'unless the caller is a friend. limit: default 50, at most 100.',
  query: OnlineQuery,
  response: OnlineUsersResponse,
});

export const topPlayers = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/top-players',
  auth: 'player',
  tags: ['user'],
  summary: 'The best players of all time (by leaderboard score)',
  description: 'Only players listed on leaderboards (showOnLeaderboard, active accounts). limit: default 10.',
  query: ListQuery,
  response: TopPlayersResponse,
});

export const onlineStatus = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/online-status/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Is the player online (active in the last 5 minutes)?',
  description: 'visible=false (and isOnline=false) when the player hides it or their profile from the caller.',
  params: UserIdParams,
  response: OnlineStatusResponse,
});

export const lastSeen = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/last-seen/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'When the player was last active',
  description: 'lastSeen null and visible=false when the player hides it or their profile from the caller.',
  params: UserIdParams,
  response: LastSeenResponse,
});
