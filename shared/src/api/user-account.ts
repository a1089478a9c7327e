import { Type, type Static } from 'typebox';
import { TILE_TYPES } from '../rules/tiles.js';
import { Ok } from './envelope.js';
import { literalRecord } from './literals.js';
import { DateTime, Nullable } from './schema-helpers.js';
import {
  FriendList,
  FriendRemoved,
  FriendRequestResult,
  FriendRequestStatus,
  FriendRequests,
  RespondResult,
} from './friends.js';
import { UserProfile } from './user-profile.js';
import { UserSettings } from './user-settings.js';
import { Activity, OnlineUsers, SearchResults, TopPlayers, UserStats } from './user-social.js';

// The player's account beyond the profile (split from the profile and settings files): avatar, lifecycle, data export,
// analytics and history, and the answer envelopes of every player route.

// ---------------------------------------------------------------------------------------------
// Avatar

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_DIMENSION = 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const AvatarResult = Type.Object({
  avatarUrl: Nullable(Type.String()),
  mime: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  bytes: Nullable(Type.Integer()),
});
export type AvatarResult = Static<typeof AvatarResult>;

/**
 * Documents the multipart body. The file is read from the multipart stream, not validated here (the
 * parsed body of a multipart request is empty), hence optional.
 */
export const AvatarUploadBody = Type.Object(
  {
    avatar: Type.Optional(
      // OpenAPI 3.0 describes a file part as a binary string (contentMediaType is a 3.1 keyword).
      Type.String({
        format: 'binary',
        description: 'the image file: PNG, JPEG or WebP, at most 2 MB and 1024 x 1024 pixels',
      }),
    ),
  },
  { description: 'multipart/form-data with one file field named `avatar`' },
);

export const AvatarFileParams = Type.Object({
  file: Type.String({ pattern: '^[a-f0-9]{32}\\.(png|jpg|webp)$' }),
});
export type AvatarFileParams = Static<typeof AvatarFileParams>;

// ---------------------------------------------------------------------------------------------
// Account lifecycle

export const DeactivateBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type DeactivateBody = Static<typeof DeactivateBody>;

export const AccountStatus = Type.Object({
  status: Type.Union([Type.Literal('active'), Type.Literal('deactivated')]),
  deactivatedAt: Nullable(DateTime()),
});
export type AccountStatus = Static<typeof AccountStatus>;

export const DeleteAccountBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;

export const AccountDeleted = Type.Object({ deleted: Type.Boolean(), deletedAt: DateTime() });

// ---------------------------------------------------------------------------------------------
// Export: one JSON file with everything stored about the player and nothing about anyone else

const Row = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]));

export const ExportDocument = Type.Object({
  format: Type.Literal('gogo-board-export'),
  version: Type.Literal(1),
  exportedAt: DateTime(),
  account: Type.Object({
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    createdAt: DateTime(),
    lastLogin: Nullable(DateTime()),
    lastSeen: Nullable(DateTime()),
    failedLoginAttempts: Type.Integer(),
    lockedUntil: Nullable(DateTime()),
    status: Type.Union([Type.Literal('active'), Type.Literal('deactivated')]),
    deactivatedAt: Nullable(DateTime()),
    deactivationReason: Nullable(Type.String()),
  }),
  settings: UserSettings,
  avatar: Nullable(
    Type.Object({ url: Type.String(), mime: Type.String(), updatedAt: Nullable(DateTime()) }),
    'the image itself is at the URL',
  ),
  gameState: Nullable(Row, 'the stored game state (null before the first game)'),
  ledger: Type.Array(Row, { description: 'every GOGO and dice movement of the account' }),
  rolls: Type.Array(Row),
  fairnessSeeds: Type.Array(Row, { description: 'server seeds only once revealed; the active one stays secret' }),
  achievements: Type.Array(Row),
  dailyLogins: Type.Array(Row),
  dailyDiceClaims: Type.Array(Row),
  streaks: Type.Array(Row),
  playSessions: Type.Array(Row),
  moneyTransactions: Type.Array(Row, {
    description: 'deposits, purchases and withdrawals (when the money module exists)',
  }),
  spendRequests: Type.Array(Row, { description: 'idempotency keys of POST /api/credits/spend calls' }),
  referral: Nullable(Row, 'own referral code and whether one was applied (the referrer by public username only)'),
  friends: Type.Array(Type.Object({ username: Type.String(), since: DateTime() })),
  friendRequests: Type.Array(
    Type.Object({
      direction: Type.Union([Type.Literal('incoming'), Type.Literal('outgoing')]),
      username: Type.String(),
      status: FriendRequestStatus,
      createdAt: DateTime(),
      respondedAt: Nullable(DateTime()),
    }),
  ),
});
export type ExportDocument = Static<typeof ExportDocument>;
export type ExportRow = Static<typeof Row>;

// ---------------------------------------------------------------------------------------------
// Analytics and history

export const AnalyticsPeriod = Type.Union(
  [Type.Literal('day'), Type.Literal('week'), Type.Literal('month'), Type.Literal('all')],
  { description: 'day: last 24 h by hour; week: last 7 days by day; month: last 30 days by day; all: by month' },
);
export type AnalyticsPeriod = Static<typeof AnalyticsPeriod>;

export const PlayerAnalyticsQuery = Type.Object({ period: Type.Optional(AnalyticsPeriod) });
export type PlayerAnalyticsQuery = Static<typeof PlayerAnalyticsQuery>;

export const AnalyticsBucket = Type.Object({
  start: DateTime(),
  rolls: Type.Integer(),
  gogoIn: Type.Integer(),
  gogoOut: Type.Integer(),
});
export type AnalyticsBucket = Static<typeof AnalyticsBucket>;

export const Analytics = Type.Object({
  userId: Type.Integer(),
  period: AnalyticsPeriod,
  since: DateTime(),
  until: DateTime(),
  rolls: Type.Object({
    count: Type.Integer(),
    byDie: Type.Array(Type.Integer(), { description: 'counts of 1..6 (index 0 is a 1)' }),
    byTileType: literalRecord(TILE_TYPES, Type.Integer()),
    jackpots: Type.Integer(),
    laps: Type.Integer(),
    bestReward: Nullable(Type.Integer()),
    worstReward: Nullable(Type.Integer()),
  }),
  gogo: Type.Object({
    credited: Type.Integer({ description: 'sum of GOGO ledger credits in the period' }),
    debited: Type.Integer({ description: 'sum of GOGO ledger debits (a positive number)' }),
    net: Type.Integer(),
    byType: Type.Record(Type.String(), Type.Integer(), { description: 'net GOGO per ledger type' }),
  }),
  dice: Type.Object({ gained: Type.Integer(), used: Type.Integer() }),
  achievementsUnlocked: Type.Integer(),
  series: Type.Array(AnalyticsBucket),
});
export type Analytics = Static<typeof Analytics>;

export const Standing = Type.Object({
  rank: Nullable(Type.Integer()),
  score: Nullable(Type.Integer()),
  totalRanked: Type.Integer(),
});

export const LeaderboardHistoryQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 30 })),
});
export type LeaderboardHistoryQuery = Static<typeof LeaderboardHistoryQuery>;

export const LeaderboardHistory = Type.Object({
  userId: Type.Integer(),
  listed: Type.Boolean({ description: 'false when the player hides from leaderboards: no ranks are shown' }),
  current: Type.Object({ all: Standing, day: Standing, week: Standing, month: Standing }),
  daily: Type.Array(
    Type.Object({
      day: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
      rank: Type.Integer(),
      score: Type.Integer(),
      totalRanked: Type.Integer(),
    }),
    { description: 'the daily leaderboard of each day the player was ranked, newest first' },
  ),
});
export type LeaderboardHistory = Static<typeof LeaderboardHistory>;

export const GameHistoryQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  beforeSeq: Type.Optional(Type.Integer({ minimum: 1, description: 'only rolls with a smaller seq (next page)' })),
});
export type GameHistoryQuery = Static<typeof GameHistoryQuery>;

export const GameHistoryRoll = Type.Object({
  rollId: Type.Integer(),
  seq: Type.Integer({ description: "the player's lifetime roll number" }),
  createdAt: DateTime(),
  die: Type.Integer(),
  from: Type.Integer(),
  to: Type.Integer(),
  tileId: Type.Integer(),
  tileName: Type.String(),
  tileType: Type.String(),
  reward: Type.Integer({ description: 'GOGO applied for the tile' }),
  achievementReward: Type.Integer(),
  isJackpot: Type.Boolean(),
  lapCompleted: Type.Boolean(),
});
export type GameHistoryRoll = Static<typeof GameHistoryRoll>;

export const GameHistory = Type.Object({
  userId: Type.Integer(),
  totalRolls: Type.Integer({ description: 'rolls ever served to the player' }),
  rolls: Type.Array(GameHistoryRoll),
  nextBeforeSeq: Nullable(Type.Integer(), 'pass as `beforeSeq` for the next page; null at the end'),
});
export type GameHistory = Static<typeof GameHistory>;

export const OnlineStatus = Type.Object({
  userId: Type.Integer(),
  isOnline: Type.Boolean({ description: 'false as well when the player hides it (see visible)' }),
  visible: Type.Boolean({ description: 'false when the player hides their online status' }),
});
export type OnlineStatus = Static<typeof OnlineStatus>;

export const LastSeen = Type.Object({
  userId: Type.Integer(),
  lastSeen: Nullable(DateTime()),
  visible: Type.Boolean(),
});
export type LastSeen = Static<typeof LastSeen>;

// ---------------------------------------------------------------------------------------------
// Responses

export const UserProfileResponse = Ok(UserProfile);
export const UserSettingsResponse = Ok(UserSettings);
export const UserStatsResponse = Ok(UserStats);
export const ActivityResponse = Ok(Activity);
export const SearchResponse = Ok(SearchResults);
export const OnlineUsersResponse = Ok(OnlineUsers);
export const TopPlayersResponse = Ok(TopPlayers);
export const FriendListResponse = Ok(FriendList);
export const FriendRequestResponse = Ok(FriendRequestResult);
export const FriendRequestsResponse = Ok(FriendRequests);
export const RespondResponse = Ok(RespondResult);
export const FriendRemovedResponse = Ok(FriendRemoved);
export const AvatarResponse = Ok(AvatarResult);
export const AccountStatusResponse = Ok(AccountStatus);
export const AccountDeletedResponse = Ok(AccountDeleted);
export const PlayerAnalyticsResponse = Ok(Analytics);
export const LeaderboardHistoryResponse = Ok(LeaderboardHistory);
export const GameHistoryResponse = Ok(GameHistory);
export const OnlineStatusResponse = Ok(OnlineStatus);
export const LastSeenResponse = Ok(LastSeen);
