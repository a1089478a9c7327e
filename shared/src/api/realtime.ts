import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';
import { GameStateDto } from './game.js';
import { FairnessRoll, FairnessStatus } from './fairness.js';
import { Leaderboard } from './stats.js';
import { PlaySession } from './sessions.js';

/**
 * Realtime is pushed over the WebSocket at `websocketPath` (shared/src/api/socket.ts); the read-only
 * endpoints below stay for clients that cannot open it, polled every `pollIntervalMs`.
 */
export const RealtimeStatus = Type.Object({
  status: Type.Literal('ok'),
  transport: Type.Literal('websocket', { description: 'pushes over the socket; polling is the fallback' }),
  websocketPath: Type.String({ description: 'GET it with an Upgrade: websocket header' }),
  fanOut: Type.Union([Type.Literal('in-process'), Type.Literal('postgres')], {
    description: 'how events reach the sockets of every instance: one process, or PostgreSQL LISTEN/NOTIFY',
  }),
  pollIntervalMs: Type.Integer({ description: 'suggested polling interval when the socket cannot open' }),
  serverTime: Type.String({ format: 'date-time' }),
  playersOnline: Type.Integer(),
});
export type RealtimeStatus = Static<typeof RealtimeStatus>;

export const RecentAchievement = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  achievementId: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  rewardPaid: Type.Integer(),
  unlockedAt: Type.String({ format: 'date-time' }),
});
export type RecentAchievement = Static<typeof RecentAchievement>;

export const RecentAchievementsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type RecentAchievementsQuery = Static<typeof RecentAchievementsQuery>;

export const RecentAchievements = Type.Object({ achievements: Type.Array(RecentAchievement) });
export type RecentAchievements = Static<typeof RecentAchievements>;

export const UserGameData = Type.Object({
  state: GameStateDto,
  fairness: FairnessStatus,
  recentRolls: Type.Array(FairnessRoll),
  session: Type.Union([PlaySession, Type.Null()], { description: 'the open play session, if any' }),
  serverTime: Type.String({ format: 'date-time' }),
});
export type UserGameData = Static<typeof UserGameData>;

export const RealtimeMetrics = Type.Object({
  playersOnline: Type.Integer({ description: 'players seen in the last 5 minutes' }),
  totalPlayers: Type.Integer(),
  gogoDistributed: Type.Integer({ description: 'sum of GOGO credited by the game (rewards and jackpots)' }),
  rollsToday: Type.Integer({ description: 'rolls since 00:00 UTC' }),
  rollsLastHour: Type.Integer(),
  activeGames: Type.Integer(),
  serverTime: Type.String({ format: 'date-time' }),
});
export type RealtimeMetrics = Static<typeof RealtimeMetrics>;

export const ActiveGame = Type.Object({
  sessionId: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  level: Type.Integer(),
  startedAt: Type.String({ format: 'date-time' }),
  rolls: Type.Integer(),
});
export type ActiveGame = Static<typeof ActiveGame>;

export const ActiveGames = Type.Object({ count: Type.Integer(), games: Type.Array(ActiveGame) });
export type ActiveGames = Static<typeof ActiveGames>;

export const RealtimeStatusResponse = Ok(RealtimeStatus);
export const LiveLeaderboardResponse = Ok(Leaderboard);
export const RecentAchievementsResponse = Ok(RecentAchievements);
export const UserGameDataResponse = Ok(UserGameData);
export const RealtimeMetricsResponse = Ok(RealtimeMetrics);
export const ActiveGamesResponse = Ok(ActiveGames);
