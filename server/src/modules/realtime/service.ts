import {
  WS_PATH,
  type ActiveGames,
  type RealtimeMetrics,
  type RealtimeStatus,
  type RecentAchievement,
  type UserGameData,
} from '@gogo/shared/api';
import { engineText } from '@gogo/shared/messages';
import { achievementById } from '@gogo/shared/rules';
import { forbidden } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { FairnessService } from '../fairness/index.js';
import type { GameService } from '../game/index.js';
import type { Database } from '../../db/database.js';
import { toPlaySession, type SessionsService } from '../sessions/index.js';
import type { StatsService } from '../stats/index.js';
import { ONLINE_WINDOW_MS } from '../../core/presence.js';
import { realtimeRepo as repo } from './repo.js';

/** Suggested polling interval for clients that cannot open the socket (the fallback). */
export const REALTIME_POLL_MS = 5000;
export const RECENT_ACHIEVEMENTS_DEFAULT = 20;
export const RECENT_ACHIEVEMENTS_MAX = 100;
export const ACTIVE_GAMES_LISTED = 50;
export const GAME_DATA_ROLLS = 10;

const iso = (ms: number) => new Date(ms).toISOString();

export function createRealtimeService(deps: {
  database: Database;
  stats: StatsService;
  game: GameService;
  fairness: FairnessService;
  sessions: SessionsService;
  clock: Clock;
}) {
  const { database, stats, game, fairness, sessions, clock } = deps;

  return {
    status: async (): Promise<RealtimeStatus> => ({
      status: 'ok',
      transport: 'websocket',
      websocketPath: WS_PATH,
      fanOut: database.events.transport,
      pollIntervalMs: REALTIME_POLL_MS,
      serverTime: iso(clock()),
      playersOnline: await stats.playersOnline(),
    }),

    async recentAchievements(limit: number = RECENT_ACHIEVEMENTS_DEFAULT): Promise<RecentAchievement[]> {
      const capped = Math.min(Math.max(1, Math.floor(limit)), RECENT_ACHIEVEMENTS_MAX);
      return (await repo.recentUnlocks(database.read, capped)).map((row) => {
        const achievement = achievementById(row.achievementId);
        return {
          userId: row.userId,
          username: row.username,
          achievementId: row.achievementId,
          name: achievement?.name ?? row.achievementId,
          icon: achievement?.icon ?? 'achievement',
          rewardPaid: row.rewardPaid,
          unlockedAt: iso(row.unlockedAt),
        };
      });
    },

    /** Everything the game screen polls about one player: own data only. */
    async gameData(viewerId: number, userId: number): Promise<UserGameData> {
      if (viewerId !== userId) throw forbidden(engineText.ownDataOnly);
      return {
        state: await game.state(userId),
        fairness: await fairness.status(userId),
        recentRolls: await fairness.recentRolls(userId, GAME_DATA_ROLLS),
        session: await sessions.openSession(userId),
        serverTime: iso(clock()),
      };
    },

    async metrics(): Promise<RealtimeMetrics> {
      const now = clock();
      return {
        ...(await stats.metrics(now)),
        activeGames: await sessions.countActive(now - ONLINE_WINDOW_MS),
        serverTime: iso(now),
      };
    },

    /** Open play sessions of players seen in the last 5 minutes. */
    async activeGames(): Promise<ActiveGames> {
      const now = clock();
      const seenSince = now - ONLINE_WINDOW_MS;
      const rows = await sessions.activeSessions(now, seenSince, ACTIVE_GAMES_LISTED);
      return {
        count: await sessions.countActive(seenSince),
        games: rows.map((row) => {
          const session = toPlaySession(row, now);
          return {
            sessionId: session.id,
            userId: row.userId,
            username: row.username,
            level: row.level,
            startedAt: session.startedAt,
            rolls: session.rolls,
          };
        }),
      };
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
