import {
  ActivityQuery,
  ActivityResponse,
  PlayerAnalyticsQuery,
  PlayerAnalyticsResponse,
  errorResponses,
  GameHistoryQuery,
  GameHistoryResponse,
  GamePreferencesBody,
  LeaderboardHistoryQuery,
  LeaderboardHistoryResponse,
  NotificationsBody,
  PlayerAchievementsResponse,
  PreferencesBody,
  PrivacyBody,
  ProfileUpdateBody,
  UserIdParams,
  UserProfileResponse,
  UserSettingsResponse,
  UserStatsResponse,
  type UserSettings,
} from '@gogo/shared/api';
import type { UserRouteContext } from '../routes.js';

/** The profile page: the profile, settings, stats, activity, history, analytics and standing. */
export function profileRoutes({ app, service, tags, security, guarded, ok }: UserRouteContext) {
  app.get(
    '/api/user/profile/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A player's profile (another player's: as their privacy allows)",
        description:
          'Own profile adds `account` (email, status, every setting). Another player: public fields, 403 ' +
          'PROFILE_PRIVATE when their visibility is friends (and the caller is not one) or private; 404 for ' +
          'unknown, deactivated or deleted accounts.',
        security,
        params: UserIdParams,
        response: { 200: UserProfileResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.profile(request.playerId, request.params.id)),
  );

  app.put(
    '/api/user/profile/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Change own username, email or preferences',
        description:
          'username: spec section 5 rules (INVALID_USERNAME), unique ignoring case (409). email: a change needs ' +
          'currentPassword (400 INVALID_PASSWORD when missing, 403 when wrong; 5 wrong per 15 minutes, then 429), ' +
          'unique ignoring case (409 EMAIL_ALREADY_EXISTS). Only the player (403 otherwise).',
        security,
        params: UserIdParams,
        body: ProfileUpdateBody,
        response: { 200: UserProfileResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.updateProfile(request.playerId, request.params.id, request.body)),
  );

  const settingsRoute = <B extends 'preferences' | 'gamePreferences' | 'privacy' | 'notifications'>(
    path: string,
    key: B,
    summary: string,
    description: string,
    body: typeof PreferencesBody | typeof GamePreferencesBody | typeof PrivacyBody | typeof NotificationsBody,
    apply: (viewer: number, id: number, patch: never) => Promise<UserSettings>,
  ) =>
    app.patch(
      path,
      {
        ...guarded,
        schema: {
          tags,
          summary,
          description: `${description} Partial: only the fields sent change. Answers every setting. Only the player.`,
          security,
          params: UserIdParams,
          body,
          response: { 200: UserSettingsResponse, ...errorResponses },
        },
      },
      async (request) => {
        const patch = (request.body as Record<B, unknown>)[key] as never;
        return ok(await apply(request.playerId, request.params.id, patch));
      },
    );

  settingsRoute(
    '/api/user/preferences/:id',
    'preferences',
    'Change own preferences (theme, email notifications)',
    'theme is one value with gamePreferences.display.theme.',
    PreferencesBody,
    service.patchPreferences,
  );
  settingsRoute(
    '/api/user/game-preferences/:id',
    'gamePreferences',
    'Change own game settings (sound, display, gameplay, wallet)',
    'The settings dialog of spec section 2, kept on the server so they follow the player across devices. ' +
      'volume is rounded to a step of 0.1.',
    GamePreferencesBody,
    service.patchGamePreferences,
  );
  settingsRoute(
    '/api/user/privacy/:id',
    'privacy',
    'Change own privacy (profile visibility, leaderboard, online status)',
    'profileVisibility public, friends or private; showOnLeaderboard hides the player from every ranking ' +
      '(leaderboards, top players, public figures, the achievements feed); showOnlineStatus hides presence.',
    PrivacyBody,
    service.patchPrivacy,
  );
  settingsRoute(
    '/api/user/notifications/:id',
    'notifications',
    'Change own notification settings',
    'What the browser shows: achievements, daily reminder, friend requests, transaction updates.',
    NotificationsBody,
    service.patchNotifications,
  );

  app.get(
    '/api/user/stats/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A player's game statistics (privacy applies)",
        description: 'The player-stats figures plus avatar and friends count; own stats add `private`.',
        security,
        params: UserIdParams,
        response: { 200: UserStatsResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.userStats(request.playerId, request.params.id)),
  );

  app.get(
    '/api/user/activity/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A player's recent activity, newest first (privacy applies)",
        description:
          'Achievements, jackpots, laps and level-ups; the player also sees their daily login bonuses, free ' +
          'daily dice and new friends. Page with `before` = nextBefore.',
        security,
        params: UserIdParams,
        querystring: ActivityQuery,
        response: { 200: ActivityResponse, ...errorResponses },
      },
    },
    async (request) =>
      ok(await service.activity(request.playerId, request.params.id, request.query.limit, request.query.before)),
  );

  // --- history and analytics ------------------------------------------------------------------

  app.get(
    '/api/user/analytics/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Own play analytics from rolls and the ledger',
        description:
          'period day (last 24 h, hourly), week (default: last 7 UTC days, daily), month (last 30 UTC days, ' +
          'daily) or all (since joining, monthly). Only the player.',
        security,
        params: UserIdParams,
        querystring: PlayerAnalyticsQuery,
        response: { 200: PlayerAnalyticsResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.analytics(request.playerId, request.params.id, request.query.period)),
  );

  app.get(
    '/api/user/achievements/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A player's achievements (privacy applies)",
        security,
        params: UserIdParams,
        response: { 200: PlayerAchievementsResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.achievements(request.playerId, request.params.id)),
  );

  app.get(
    '/api/user/leaderboard-history/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A player's standings now and on each recent day (privacy applies)",
        description:
          'current: rank and score on the all-time, day, week and month boards. daily: the daily leaderboard ' +
          'of each UTC day in the last `days` (default 30) on which the player was ranked. A player hidden ' +
          'from leaderboards has listed=false and no ranks.',
        security,
        params: UserIdParams,
        querystring: LeaderboardHistoryQuery,
        response: { 200: LeaderboardHistoryResponse, ...errorResponses },
      },
    },
    async (request) => ok(await service.leaderboardHistory(request.playerId, request.params.id, request.query.days)),
  );

  app.get(
    '/api/user/game-history/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A player's rolls, newest first (privacy applies)",
        description: 'Page with beforeSeq = nextBeforeSeq. limit: default 20, at most 100.',
        security,
        params: UserIdParams,
        querystring: GameHistoryQuery,
        response: { 200: GameHistoryResponse, ...errorResponses },
      },
    },
    async (request) =>
      ok(await service.gameHistory(request.playerId, request.params.id, request.query.limit, request.query.beforeSeq)),
  );
}
