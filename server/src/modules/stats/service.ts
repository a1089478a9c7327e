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
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { ledgerSumsOf, readGameState } from '../ledger/index.js';
import { rollFacts, type GameService } from '../game/index.js';
import { streakOf } from '../daily/index.js';
import { statsRepo as repo, type RankedRow } from './repo.js';
import { ONLINE_WINDOW_MS } from '../../core/presence.js';

const MS_PER_DAY = 86_400_000;
export const LEADERBOARD_DEFAULT_LIMIT = 10;
export const LEADERBOARD_MAX_LIMIT = 100;
export const PUBLIC_TOP_PLAYERS = 5;
/** The unauthenticated landing figures are recomputed at most this often (by any instance). */
export const PUBLIC_STATS_TTL_MS = 10_000;
const PUBLIC_STATS_KEY = 'public_stats';

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

export interface StatsDeps {
  database: Database;
  game: GameService;
  clock: Clock;
  /** The access rule of the profile: may the viewer read this player? */
  canRead: (viewerId: number, userId: number) => boolean | Promise<boolean>;
}

/** 404 unless the viewer may read the player (their own figures always). */
async function assertReadable(deps: StatsDeps, viewerId: number, userId: number) {
  if (viewerId !== userId && !(await deps.canRead(viewerId, userId))) {
    throw notFound(engineText.playerNotFound);
  }
}

/** Player statistics, leaderboards, achievements and the public landing figures. */
export function createStatsService(deps: StatsDeps) {
  const { database, game, clock } = deps;
  const read = database.read;
  // Rankings and the landing figures tolerate the replica's lag (Database.replica): docs/scaling.md.
  const lagging = database.replica;

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

  async function leaderboard(
    viewerId: number | null,
    opts: { limit?: number; period?: LeaderboardPeriod },
  ): Promise<Leaderboard> {
    const now = clock();
    const period = opts.period ?? 'all';
    const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? LEADERBOARD_DEFAULT_LIMIT)), LEADERBOARD_MAX_LIMIT);
    const since = periodStart(period, now);
    const me = viewerId === null ? undefined : await repo.rankOf(lagging, since, viewerId);
    return {
      period,
      since: since === null ? null : iso(since),
      totalRanked: await repo.rankedCount(lagging, since),
      entries: (await repo.top(lagging, since, limit)).map((row) => toEntry(row, since, viewerId)),
      me: me ? { rank: me.rank, score: me.score } : null,
      updatedAt: iso(now),
    };
  }

  async function playerStats(viewerId: number, userId: number): Promise<PlayerStats> {
    const user = await repo.user(read, userId);
    if (!user) throw notFound(engineText.playerNotFound);
    await assertReadable(deps, viewerId, userId);
    const now = clock();
    const row = await game.stateRow(userId, now);
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
      rank: row.totalRolls > 0 ? ((await repo.rankOf(read, null, userId))?.rank ?? null) : null,
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
        lifetimeRolls: await game.lifetimeRolls(userId),
        loginStreakDays: currentStreakDays(await streakOf(read, userId, 'login'), now),
        dailyDiceStreakDays: currentStreakDays(await streakOf(read, userId, 'dice'), now),
      },
    };
  }

  /**
   * The landing figures, kept in the shared database for PUBLIC_STATS_TTL_MS so that every instance
   * answers the same figures and a burst of visitors costs one computation.
   */
  async function publicStats(): Promise<PublicStats> {
    const now = clock();
    const stored = await repo.cached(read, PUBLIC_STATS_KEY);
    if (stored && now - stored.computedAt >= 0 && now - stored.computedAt < PUBLIC_STATS_TTL_MS) {
      return JSON.parse(stored.value) as PublicStats;
    }
    const figures = await metrics(now);
    const value: PublicStats = {
      totalPlayers: figures.totalPlayers,
      playersOnline: figures.playersOnline,
      gogoDistributed: figures.gogoDistributed,
      rollsToday: figures.rollsToday,
      topPlayers: (await repo.top(lagging, null, PUBLIC_TOP_PLAYERS)).map((row) => ({
        rank: row.rank,
        username: row.username,
        score: scoreOf(row, null),
        level: row.level,
        totalTokensEarned: row.tokens,
      })),
    };
    // Computed on the reader; only the small upsert takes the write lock.
    await database.write((tx) => repo.saveCached(tx, PUBLIC_STATS_KEY, JSON.stringify(value), now));
    return value;
  }

  async function metrics(now: number = clock()) {
    return {
      totalPlayers: await repo.countUsers(lagging),
      playersOnline: await repo.countOnlineSince(lagging, now - ONLINE_WINDOW_MS),
      gogoDistributed: await repo.gogoDistributed(lagging),
      rollsToday: await rollFacts.rollsSince(lagging, Math.floor(now / MS_PER_DAY) * MS_PER_DAY),
      rollsLastHour: await rollFacts.rollsSince(lagging, now - 3_600_000),
    };
  }

  return {
    ...createAchievementsRead(deps),
    leaderboard,
    playerStats,
    publicStats,
    metrics,
    playersOnline: () => repo.countOnlineSince(read, clock() - ONLINE_WINDOW_MS),

    /** Recomputes the player's figures from stored rows; it accepts no values. */
    async update(userId: number): Promise<StatsUpdateResult> {
      const row = await readGameState(read, userId);
      const sums = await ledgerSumsOf(read, userId);
      const ledgerConsistent = row
        ? row.balance === sums.GOGO && row.diceRollsRemaining === sums.DICE
        : sums.GOGO === 0 && sums.DICE === 0;
      return { stats: await playerStats(userId, userId), ledgerConsistent, recomputedAt: iso(clock()) };
    },
  };
}

/** Which achievements a player has unlocked, when, and whether each reward was paid. */
function createAchievementsRead(deps: StatsDeps) {
  const { database, game, clock } = deps;
  const read = database.read;

  return {
    async achievements(userId: number, viewerId: number = userId): Promise<PlayerAchievements> {
      if (!(await repo.user(read, userId))) throw notFound(engineText.playerNotFound);
      await assertReadable(deps, viewerId, userId);
      const row = await game.stateRow(userId, clock());
      const unlockedAt = await game.latestUnlocks(userId);
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
