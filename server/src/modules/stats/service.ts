import type {
  Leaderboard,
  LeaderboardEntry,
  LeaderboardPeriod,
  PlayerAchievements,
  PlayerStats,
  PublicStats,
  StatsUpdateResult,
} from '@gogo/shared/api';
import { engineText } from '@gogo/shared/messages';
import { ACHIEVEMENTS, currentStreakDays, leaderboardScore, xpThreshold } from '@gogo/shared/rules';
import type { Database_ } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { ledgerSums } from '../ledger/ledger.js';
import type { GameRepo } from '../game/repo.js';
import { virtualStateRow } from '../game/state.js';
import type { DailyRepo } from '../daily/repo.js';
import type { RankedRow, StatsRepo } from './repo.js';

const MS_PER_DAY = 86_400_000;
/** "Online" = seen (any authenticated request) within the last 5 minutes. */
export const ONLINE_WINDOW_MS = 5 * 60_000;
export const LEADERBOARD_DEFAULT_LIMIT = 10;
export const LEADERBOARD_MAX_LIMIT = 100;
export const PUBLIC_TOP_PLAYERS = 5;
/** The unauthenticated landing figures are recomputed at most this often. */
export const PUBLIC_STATS_TTL_MS = 10_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Start of the current UTC day, ISO week (Monday) or month; null for all time. */
export function periodStart(period: LeaderboardPeriod, now: number): number | null {
  const dayStart = Math.floor(now / MS_PER_DAY) * MS_PER_DAY;
  switch (period) {
    case 'all':
      return null;
    case 'day':
      return dayStart;
    case 'week':
      return dayStart - ((new Date(dayStart).getUTCDay() + 6) % 7) * MS_PER_DAY;
    case 'month': {
      const d = new Date(now);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    }
  }
}

/** Player statistics, leaderboards, achievements and the public landing figures. */
export function createStatsService(deps: {
  database: Database_;
  repo: StatsRepo;
  game: GameRepo;
  daily: DailyRepo;
  clock: Clock;
  /** The profile module's privacy rule: may the viewer read this player? (Absent: everyone may.) */
  canRead?: (viewerId: number, userId: number) => Promise<boolean>;
}) {
  const { database, repo, game, daily, clock } = deps;
  const assertReadable = async (viewerId: number, userId: number) => {
    if (viewerId !== userId && deps.canRead && !(await deps.canRead(viewerId, userId))) {
      throw notFound(engineText.playerNotFound);
    }
  };
  let publicCache: { at: number; value: PublicStats } | null = null;

  const scoreOf = (row: RankedRow, since: number | null) =>
    leaderboardScore({
      totalTokensEarned: row.tokens,
      jackpotsHit: row.jackpots,
      achievementsUnlocked: row.achievements,
      level: since === null ? row.level : 0,
      totalRolls: row.rolls,
    });

  const toEntry = (row: RankedRow & { rank: number }, since: number | null, viewerId: number | null) =>
    ({
      rank: row.rank,
      userId: row.userId,
      username: row.username,
      score: scoreOf(row, since),
      level: row.level,
      totalTokensEarned: row.tokens,
      totalRolls: row.rolls,
      jackpotsHit: row.jackpots,
      achievementsUnlocked: row.achievements,
      isSelf: row.userId === viewerId,
    }) satisfies LeaderboardEntry;

  function leaderboard(viewerId: number | null, opts: { limit?: number; period?: LeaderboardPeriod }): Leaderboard {
    const now = clock();
    const period = opts.period ?? 'all';
    const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? LEADERBOARD_DEFAULT_LIMIT)), LEADERBOARD_MAX_LIMIT);
    const since = periodStart(period, now);
    const me = viewerId === null ? undefined : repo.rankOf(since, viewerId);
    return {
      period,
      since: since === null ? null : iso(since),
      totalRanked: repo.rankedCount(since),
      entries: repo.top(since, limit).map((row) => toEntry(row, since, viewerId)),
      me: me ? { rank: me.rank, score: me.score } : null,
      updatedAt: iso(now),
    };
  }

  async function playerStats(viewerId: number, userId: number): Promise<PlayerStats> {
    const user = repo.user(userId);
    if (!user) throw notFound(engineText.playerNotFound);
    await assertReadable(viewerId, userId);
    const now = clock();
    const row = game.stateRow(userId) ?? virtualStateRow(userId, now);
    const achievementsUnlocked = row.unlockedAchievements.length;
    const stats: PlayerStats = {
      userId,
      username: user.username,
      level: row.level,
      score: leaderboardScore({
        totalTokensEarned: row.totalTokensEarned,
        jackpotsHit: row.jackpotsHit,
        achievementsUnlocked,
        level: row.level,
        totalRolls: row.totalRolls,
      }),
      rank: row.totalRolls > 0 ? (repo.rankOf(null, userId)?.rank ?? null) : null,
      totalRolls: row.totalRolls,
      totalTokensEarned: row.totalTokensEarned,
      jackpotsHit: row.jackpotsHit,
      lapsCompleted: row.lapsCompleted,
      achievementsUnlocked,
      memberSince: iso(user.createdAt),
      isSelf: viewerId === userId,
    };
    if (viewerId !== userId) return stats;
    return {
      ...stats,
      private: {
        email: user.email,
        balance: row.balance,
        diceRollsRemaining: row.diceRollsRemaining,
        xp: row.xp,
        xpToNextLevel: xpThreshold(row.level),
        position: row.position,
        lifetimeRolls: game.lifetimeRolls(userId),
        loginStreakDays: currentStreakDays(daily.streak(userId, 'login'), now),
        dailyDiceStreakDays: currentStreakDays(daily.streak(userId, 'dice'), now),
      },
    };
  }

  function publicStats(): PublicStats {
    const now = clock();
    if (publicCache && now - publicCache.at >= 0 && now - publicCache.at < PUBLIC_STATS_TTL_MS) {
      return publicCache.value;
    }
    const figures = metrics(now);
    const value: PublicStats = {
      totalPlayers: figures.totalPlayers,
      playersOnline: figures.playersOnline,
      gogoDistributed: figures.gogoDistributed,
      rollsToday: figures.rollsToday,
      topPlayers: repo.top(null, PUBLIC_TOP_PLAYERS).map((row) => ({
        rank: row.rank,
        username: row.username,
        score: scoreOf(row, null),
        level: row.level,
        totalTokensEarned: row.tokens,
      })),
    };
    publicCache = { at: now, value };
    return value;
  }

  function metrics(now: number = clock()) {
    return {
      totalPlayers: repo.countUsers(),
      playersOnline: repo.countOnlineSince(now - ONLINE_WINDOW_MS),
      gogoDistributed: repo.gogoDistributed(),
      rollsToday: repo.rollsSince(Math.floor(now / MS_PER_DAY) * MS_PER_DAY),
      rollsLastHour: repo.rollsSince(now - 3_600_000),
    };
  }

  return {
    leaderboard,
    playerStats,
    publicStats,
    metrics,
    playersOnline: () => repo.countOnlineSince(clock() - ONLINE_WINDOW_MS),

    /** Recomputes the player's figures from stored rows; it accepts no values. */
    async update(userId: number): Promise<StatsUpdateResult> {
      const row = game.stateRow(userId);
      const sums = ledgerSums(database.db, userId);
      const ledgerConsistent = row
        ? row.balance === sums.GOGO && row.diceRollsRemaining === sums.DICE
        : sums.GOGO === 0 && sums.DICE === 0;
      return { stats: await playerStats(userId, userId), ledgerConsistent, recomputedAt: iso(clock()) };
    },

    async achievements(userId: number, viewerId: number = userId): Promise<PlayerAchievements> {
      if (!repo.user(userId)) throw notFound(engineText.playerNotFound);
      await assertReadable(viewerId, userId);
      const row = game.stateRow(userId) ?? virtualStateRow(userId, clock());
      const unlockedAt = game.latestUnlocks(userId);
      const achievements = ACHIEVEMENTS.map((a) => {
        const unlocked = row.unlockedAchievements.includes(a.id);
        const at = unlocked ? unlockedAt.get(a.id) : undefined;
        return {
          id: a.id,
          name: a.name,
          description: a.description,
          reward: a.reward,
          icon: a.icon,
          unlocked,
          unlockedAt: at === undefined ? null : iso(at),
          rewardPaid: row.rewardedAchievements.includes(a.id),
        };
      });
      return { userId, unlockedCount: achievements.filter((a) => a.unlocked).length, achievements };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
