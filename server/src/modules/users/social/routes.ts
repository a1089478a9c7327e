import {
  errorResponses,
  LastSeenResponse,
  ListQuery,
  OnlineQuery,
  OnlineStatusResponse,
  OnlineUsersResponse,
  SearchQuery,
  SearchResponse,
  TopPlayersResponse,
  UserIdParams,
} from '@gogo/shared/api';
import type { UserRouteContext } from '../routes.js';

/** Finding people: search, who is online, top players, one player's presence. */
export function socialRoutes({ app, service, tags, security, guarded, ok }: UserRouteContext) {
  app.get(
    '/api/user/search',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Find players by username (public fields only)',
        description:
          'Case-insensitive substring match, exact and prefix matches first. Lists active players with a public ' +
          'or friends-only profile (level only when the caller may open the profile); private profiles, ' +
          'deactivated accounts and the caller never appear. limit: default 10, at most 50.',
        security,
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.search(request.playerId, request.query.query, request.query.limit)),
  );

  app.get(
    '/api/user/online',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Players active in the last 5 minutes (who show their online status)',
        description:
          'Excludes the caller, private profiles, players hiding their online status, and friends-only ' +
          'profiles unless the caller is a friend. limit: default 50, at most 100.',
        security,
        querystring: OnlineQuery,
        response: { 200: OnlineUsersResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.online(request.playerId, request.query.limit)),
  );

  app.get(
    '/api/user/top-players',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The best players of all time (spec section 9 score)',
        description: 'Only players listed on leaderboards (showOnLeaderboard, active accounts). limit: default 10.',
        security,
        querystring: ListQuery,
        response: { 200: TopPlayersResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.topPlayers(request.playerId, request.query.limit)),
  );

  app.get(
    '/api/user/online-status/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Is the player online (active in the last 5 minutes)?',
        description: 'visible=false (and isOnline=false) when the player hides it or their profile from the caller.',
        security,
        params: UserIdParams,
        response: { 200: OnlineStatusResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.onlineStatus(request.playerId, request.params.id)),
  );

  app.get(
    '/api/user/last-seen/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'When the player was last active',
        description: 'lastSeen null and visible=false when the player hides it or their profile from the caller.',
        security,
        params: UserIdParams,
        response: { 200: LastSeenResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.lastSeen(request.playerId, request.params.id)),
  );
}
