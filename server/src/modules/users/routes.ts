import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import {
  AccountDeletedResponse,
  AccountStatusResponse,
  ActivityQuery,
  ActivityResponse,
  PlayerAnalyticsQuery,
  PlayerAnalyticsResponse,
  AVATAR_MAX_BYTES,
  AvatarFileParams,
  AvatarResponse,
  AvatarUploadBody,
  DeactivateBody,
  DeleteAccountBody,
  ErrorBody,
  ErrorCode,
  errorResponses,
  ExportDocument,
  GameHistoryQuery,
  GameHistoryResponse,
  GamePreferencesBody,
  LastSeenResponse,
  LeaderboardHistoryQuery,
  LeaderboardHistoryResponse,
  ListQuery,
  NotificationsBody,
  OnlineQuery,
  OnlineStatusResponse,
  OnlineUsersResponse,
  PlayerAchievementsResponse,
  PreferencesBody,
  PrivacyBody,
  ProfileUpdateBody,
  SearchQuery,
  SearchResponse,
  TopPlayersResponse,
  UserIdParams,
  UserProfileResponse,
  UserSettingsResponse,
  UserStatsResponse,
  type AvatarFileParams as AvatarFileParamsType,
  type UserSettings,
} from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';
import { AppError, notFound } from '../../lib/errors.js';
import { optionalBody } from '../../lib/optional-body.js';
import type { UsersService } from './service.js';

/** Multipart overhead allowed on top of the file (boundaries and part headers). */
const MULTIPART_SLACK = 64 * 1024;

const tooLarge = () => new AppError(413, ErrorCode.AVATAR_TOO_LARGE, socialText.avatarTooLarge);

/** The whole /api/user contract of spec section 7 except the friend routes (friends/routes.ts). */
export async function userRoutes(appBase: FastifyInstance, opts: { service: UsersService }) {
  const app = appBase.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = opts;
  const tags = ['user'];
  const security = [{ playerToken: [] }];
  const guarded = { preHandler: app.requirePlayer };
  const ok = <T>(data: T, message?: string) =>
    message === undefined ? { success: true as const, data } : { success: true as const, data, message };

  // Multipart only for this plugin (the avatar upload); limits make the parser stop early.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 50, fieldSize: 1024 },
  });

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
    async (request) => ok(service.profile(request.playerId, request.params.id)),
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
    apply: (viewer: number, id: number, patch: never) => UserSettings,
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
        return ok(apply(request.playerId, request.params.id, patch));
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
    async (request) => ok(service.userStats(request.playerId, request.params.id)),
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
      ok(service.activity(request.playerId, request.params.id, request.query.limit, request.query.before)),
  );

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
    async (request) => ok(service.search(request.playerId, request.query.query, request.query.limit)),
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
    async (request) => ok(service.online(request.playerId, request.query.limit)),
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
    async (request) => ok(service.topPlayers(request.playerId, request.query.limit)),
  );

  // --- avatar -------------------------------------------------------------------------------

  app.post(
    '/api/user/avatar/:id',
    {
      ...guarded,
      onRequest: async (request: FastifyRequest) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > AVATAR_MAX_BYTES + MULTIPART_SLACK) throw tooLarge();
      },
      preValidation: optionalBody,
      schema: {
        tags,
        summary: 'Upload own avatar (multipart field `avatar`)',
        description:
          'PNG, JPEG or WebP recognised by content (not by name or declared type), at most 2 MB (413 ' +
          'AVATAR_TOO_LARGE) and 1024 x 1024 pixels (400 AVATAR_DIMENSIONS); anything else is 400 ' +
          'AVATAR_INVALID_TYPE. Metadata (EXIF, XMP, text chunks) and bytes after the image end are removed. ' +
          'The file gets a new random name; the previous one is deleted.',
        security,
        consumes: ['multipart/form-data'],
        params: UserIdParams,
        body: AvatarUploadBody,
        response: { 200: AvatarResponse, ...errorResponses, 413: ErrorBody },
      },
    },
    async (request) => {
      service.own(request.playerId, request.params.id);
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file' && part.fieldname === 'avatar' && bytes === null) bytes = await part.toBuffer();
          else if (part.type === 'file') part.file.resume();
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
          throw new AppError(400, ErrorCode.AVATAR_REQUIRED, socialText.avatarRequired);
        }
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw new AppError(400, ErrorCode.AVATAR_REQUIRED, socialText.avatarRequired);
        }
        throw err;
      }
      if (!bytes || bytes.length === 0) throw new AppError(400, ErrorCode.AVATAR_REQUIRED, socialText.avatarRequired);
      return ok(service.uploadAvatar(request.playerId, request.params.id, bytes));
    },
  );

  app.delete(
    '/api/user/avatar/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove own avatar',
        security,
        params: UserIdParams,
        response: { 200: AvatarResponse, ...errorResponses },
      },
    },
    async (request) => ok(service.deleteAvatar(request.playerId, request.params.id)),
  );

  app.get(
    '/api/files/avatars/:file',
    {
      schema: {
        tags,
        summary: 'An avatar image (no auth: the random name is the key)',
        description:
          'Served with its recognised type, X-Content-Type-Options nosniff and a sandboxing CSP. The URL ' +
          'comes from profile, search, friend and top-player answers, which follow privacy.',
        params: AvatarFileParams,
        response: {
          200: {
            description: 'the image',
            content: {
              'image/png': { schema: { type: 'string', format: 'binary' } },
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'image/webp': { schema: { type: 'string', format: 'binary' } },
            },
          },
          404: ErrorBody,
        },
      },
    },
    async (request, reply: FastifyReply) => {
      const found = service.avatarFile((request.params as AvatarFileParamsType).file);
      if (!found) throw notFound(socialText.avatarNotFound);
      return reply
        .header('content-type', found.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(found.data);
    },
  );

  // --- account lifecycle ----------------------------------------------------------------------

  app.post(
    '/api/user/deactivate/:id',
    {
      ...guarded,
      preValidation: optionalBody,
      schema: {
        tags,
        summary: 'Deactivate own account (reversible)',
        description:
          'The player disappears for everyone else (profile 404, search, online, friends lists, leaderboards) ' +
          'until they reactivate, here or simply by logging in again. Game and money data are untouched.',
        security,
        params: UserIdParams,
        body: DeactivateBody,
        response: { 200: AccountStatusResponse, ...errorResponses },
      },
    },
    async (request) => ok(service.deactivate(request.playerId, request.params.id, request.body.reason)),
  );

  app.post(
    '/api/user/reactivate/:id',
    {
      ...guarded,
      preValidation: optionalBody,
      schema: {
        tags,
        summary: 'Reactivate own account',
        description: 'Idempotent: an active account stays active. Logging in also reactivates.',
        security,
        params: UserIdParams,
        response: { 200: AccountStatusResponse, ...errorResponses },
      },
    },
    async (request) => ok(service.reactivate(request.playerId, request.params.id), socialText.accountReactivated),
  );

  app.post(
    '/api/user/export/:id',
    {
      ...guarded,
      preValidation: optionalBody,
      schema: {
        tags,
        summary: 'Download everything stored about oneself (JSON file)',
        description:
          'A JSON file (Content-Disposition: attachment), not an envelope: account (no password hash), ' +
          'settings, avatar, game state, ledger, rolls, revealed fairness seeds, achievements, daily records, ' +
          'play sessions, money transactions, referral, friends and friend requests (others by public ' +
          'username only). Nothing about any other player. Only the player; one download per 30 seconds (429).',
        security,
        params: UserIdParams,
        response: { 200: ExportDocument, ...errorResponses },
      },
    },
    async (request, reply) => {
      const doc = service.exportData(request.playerId, request.params.id);
      const day = doc.exportedAt.slice(0, 10);
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="gogo-board-export-${doc.account.id}-${day}.json"`)
          .header('cache-control', 'no-store')
          // A readable file: pretty-printed here, so the serializer passes the string through.
          .send(JSON.stringify(doc, null, 2) as unknown as typeof doc)
      );
    },
  );

  app.post(
    '/api/user/delete/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Delete own account (needs the password)',
        description:
          'Removes personal data: username and email are replaced by deleted-<id>, the password by one nobody ' +
          'knows, every token is revoked, settings, avatar, friends and friend requests go. Ledger, rolls and ' +
          'money records stay under the anonymised account (balances must stay explained). Login then answers ' +
          'INVALID_CREDENTIALS. 403 INVALID_PASSWORD on a wrong password; 409 PENDING_TRANSACTIONS while a ' +
          'deposit or withdrawal waits for review.',
        security,
        params: UserIdParams,
        body: DeleteAccountBody,
        response: { 200: AccountDeletedResponse, ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await service.deleteAccount(request.playerId, request.params.id, request.body.password),
        socialText.accountDeleted,
      ),
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
    async (request) => ok(service.analytics(request.playerId, request.params.id, request.query.period)),
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
    async (request) => ok(service.achievements(request.playerId, request.params.id)),
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
    async (request) => ok(service.leaderboardHistory(request.playerId, request.params.id, request.query.days)),
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
      ok(service.gameHistory(request.playerId, request.params.id, request.query.limit, request.query.beforeSeq)),
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
    async (request) => ok(service.onlineStatus(request.playerId, request.params.id)),
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
    async (request) => ok(service.lastSeen(request.playerId, request.params.id)),
  );
}
