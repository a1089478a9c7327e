import { endpoints } from '@gogo/shared/api/endpoints';
import type { UserRouteContext } from '../route-context.js';
import { route } from '../../../lib/route.js';

/** The profile page: the profile, settings, stats, activity, history, analytics and standing. */
export function profileRoutes({ app, service, ok }: UserRouteContext) {
  route(app, endpoints.userProfile.profile, {
    handler: async (request) => ok(await service.profile(request.playerId, request.params.id)),
  });

  route(app, endpoints.userProfile.updateProfile, {
    handler: async (request) => ok(await service.updateProfile(request.playerId, request.params.id, request.body)),
  });

  // The PATCH bodies wrap the partial settings in the key the spec names ({preferences}, {privacy}, ...).
  route(app, endpoints.userProfile.updatePreferences, {
    handler: async (request) =>
      ok(await service.patchPreferences(request.playerId, request.params.id, request.body.preferences)),
  });
  route(app, endpoints.userProfile.updateGamePreferences, {
    handler: async (request) =>
      ok(await service.patchGamePreferences(request.playerId, request.params.id, request.body.gamePreferences)),
  });
  route(app, endpoints.userProfile.updatePrivacy, {
    handler: async (request) =>
      ok(await service.patchPrivacy(request.playerId, request.params.id, request.body.privacy)),
  });
  route(app, endpoints.userProfile.updateNotifications, {
    handler: async (request) =>
      ok(await service.patchNotifications(request.playerId, request.params.id, request.body.notifications)),
  });

  route(app, endpoints.userProfile.userStats, {
    handler: async (request) => ok(await service.userStats(request.playerId, request.params.id)),
  });

  route(app, endpoints.userProfile.activity, {
    handler: async (request) =>
      ok(await service.activity(request.playerId, request.params.id, request.query.limit, request.query.before)),
  });

  // --- history and analytics ------------------------------------------------------------------

  route(app, endpoints.userProfile.playerAnalytics, {
    handler: async (request) => ok(await service.analytics(request.playerId, request.params.id, request.query.period)),
  });

  route(app, endpoints.userProfile.userAchievements, {
    handler: async (request) => ok(await service.achievements(request.playerId, request.params.id)),
  });

  route(app, endpoints.userProfile.leaderboardHistory, {
    handler: async (request) =>
      ok(await service.leaderboardHistory(request.playerId, request.params.id, request.query.days)),
  });

  route(app, endpoints.userProfile.gameHistory, {
    handler: async (request) =>
      ok(await service.gameHistory(request.playerId, request.params.id, request.query.limit, request.query.beforeSeq)),
  });
}
