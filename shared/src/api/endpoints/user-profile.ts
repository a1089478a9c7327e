import { endpoint } from '../endpoint.js';
import { PlayerAchievementsResponse, UserIdParams } from '../stats.js';
import {
  ActivityResponse,
  GameHistoryQuery,
  GameHistoryResponse,
  LeaderboardHistoryQuery,
  LeaderboardHistoryResponse,
  PlayerAnalyticsQuery,
  PlayerAnalyticsResponse,
  UserProfileResponse,
  UserSettingsResponse,
  UserStatsResponse,
} from '../user-account.js';
import { ProfileUpdateBody } from '../user-profile.js';
import { GamePreferencesBody, NotificationsBody, PreferencesBody, PrivacyBody } from '../user-settings.js';
import { ActivityQuery } from '../user-social.js';

// The profile page: profile, settings, stats, activity, analytics and history.

export const profile = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/profile/:id',
  auth: 'player',
  tags: ['user'],
  summary: "A player's profile (another player's: as their privacy allows)",
  description:
    'Own profile adds `account` (email, status, every setting). Another player: public fields, 403 ' +
    'PROFILE_PRIVATE when their visibility is friends (and the caller is not one) or private; 404 for ' +
    'unknown, deactivated or deleted accounts.',
  params: UserIdParams,
  response: UserProfileResponse,
});

export const updateProfile = /*#__PURE__*/ endpoint({
  method: 'PUT',
  path: '/api/user/profile/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Change own username, email or preferences',
  description:
    'username: 3 to 20 letters, digits or underscores (INVALID_USERNAME), unique ignoring case (409). email: a change needs ' +
    'currentPassword (400 INVALID_PASSWORD when missing, 403 when wrong; 5 wrong per 15 minutes, then 429), ' +
    'unique ignoring case (409 EMAIL_ALREADY_EXISTS). Only the player (403 otherwise).',
  params: UserIdParams,
  body: ProfileUpdateBody,
  response: UserProfileResponse,
});

export const updatePreferences = /*#__PURE__*/ endpoint({
  method: 'PATCH',
  path: '/api/user/preferences/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Change own preferences (theme, email notifications)',
  description:
    'theme is one value with gamePreferences.display.theme. Partial: only the fields sent change. Answers ' +
    'every setting. Only the player.',
  params: UserIdParams,
  body: PreferencesBody,
  response: UserSettingsResponse,
});

export const updateGamePreferences = /*#__PURE__*/ endpoint({
  method: 'PATCH',
  path: '/api/user/game-preferences/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Change own game settings (sound, display, gameplay, wallet)',
  description:
    'The settings dialog, kept on the server so they follow the player across devices. ' +
    'volume is rounded to a step of 0.1. Partial: only the fields sent change. Answers every setting. Only ' +
    'the player.',
  params: UserIdParams,
  body: GamePreferencesBody,
  response: UserSettingsResponse,
});

export const updatePrivacy = /*#__PURE__*/ endpoint({
  method: 'PATCH',
  path: '/api/user/privacy/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Change own privacy (profile visibility, leaderboard, online status)',
  description:
    'profileVisibility public, friends or private; showOnLeaderboard hides the player from every ranking ' +
    '(leaderboards, top players, public figures, the achievements feed); showOnlineStatus hides presence. ' +
    'Partial: only the fields sent change. Answers every setting. Only the player.',
  params: UserIdParams,
  body: PrivacyBody,
  response: UserSettingsResponse,
});

export const updateNotifications = /*#__PURE__*/ endpoint({
  method: 'PATCH',
  path: '/api/user/notifications/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Change own notification settings',
  description:
    'What the browser shows: achievements, daily reminder, friend requests, transaction updates. Partial: ' +
    'only the fields sent change. Answers every setting. Only the player.',
  params: UserIdParams,
  body: NotificationsBody,
  response: UserSettingsResponse,
});

export const userStats = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/stats/:id',
  auth: 'player',
  tags: ['user'],
  summary: "A player's game statistics (privacy applies)",
  description: 'The player-stats figures plus avatar and friends count; own stats add `private`.',
  params: UserIdParams,
  response: UserStatsResponse,
});

export const activity = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/activity/:id',
  auth: 'player',
  tags: ['user'],
  summary: "A player's recent activity, newest first (privacy applies)",
  description:
    'Achievements, jackpots, laps and level-ups; the player also sees their daily login bonuses, free daily ' +
    'dice and new friends. Page with `before` = nextBefore.',
  params: UserIdParams,
  query: ActivityQuery,
  response: ActivityResponse,
});

export const playerAnalytics = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/analytics/:id',
  auth: 'player',
  tags: ['user'],
  summary: 'Own play analytics from rolls and the ledger',
  description:
    'period day (last 24 h, hourly), week (default: last 7 UTC days, daily), month (last 30 UTC days, ' +
    'daily) or all (since joining, monthly). Only the player.',
  params: UserIdParams,
  query: PlayerAnalyticsQuery,
  response: PlayerAnalyticsResponse,
});

export const userAchievements = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/achievements/:id',
  auth: 'player',
  tags: ['user'],
  summary: "A player's achievements (privacy applies)",
  params: UserIdParams,
  response: PlayerAchievementsResponse,
});

export const leaderboardHistory = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/leaderboard-history/:id',
  auth: 'player',
  tags: ['user'],
  summary: "A player's standings now and on each recent day (privacy applies)",
  description:
    'current: rank and score on the all-time, day, week and month boards. daily: the daily leaderboard of ' +
    'each UTC day in the last `days` (default 30) on which the player was ranked. A player hidden from ' +
    'leaderboards has listed=false and no ranks.',
  params: UserIdParams,
  query: LeaderboardHistoryQuery,
  response: LeaderboardHistoryResponse,
});

export const gameHistory = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/user/game-history/:id',
  auth: 'player',
  tags: ['user'],
  summary: "A player's rolls, newest first (privacy applies)",
  description: 'Page with beforeSeq = nextBeforeSeq. limit: default 20, at most 100.',
  params: UserIdParams,
  query: GameHistoryQuery,
  response: GameHistoryResponse,
});
