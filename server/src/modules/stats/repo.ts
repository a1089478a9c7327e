import { eq } from 'drizzle-orm';
import { LEADERBOARD_SCORE_WEIGHTS } from '@gogo/shared/rules';
import type { Database_ } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export interface RankedRow {
  userId: number;
  username: string;
  level: number;
  tokens: number;
  rolls: number;
  jackpots: number;
  achievements: number;
  score: number;
}

const W = LEADERBOARD_SCORE_WEIGHTS;
const weights = {
  wTokens: W.totalTokensEarned,
  wJackpots: W.jackpotsHit,
  wAchievements: W.achievementsUnlocked,
  wLevel: W.level,
  wRolls: W.totalRolls,
};

/**
 * Ranked players, as a CTE named `ranked` with a row_number `rank`. A player is ranked once they
 * have rolled (since their last reset for all time; in the period otherwise). The weights are
 * bound from LEADERBOARD_SCORE_WEIGHTS, never written here.
 * (The profile issue's leaderboard opt-out is one more condition on `users` in these CTEs.)
 */
const ALL_TIME = `
  scored AS (
    SELECT g.user_id AS userId, u.username AS username, g.level AS level, g.total_tokens_earned AS tokens,
      g.total_rolls AS rolls, g.jackpots_hit AS jackpots, json_array_length(g.unlocked_achievements) AS achievements,
      (@wTokens * g.total_tokens_earned + @wJackpots * g.jackpots_hit
        + @wAchievements * json_array_length(g.unlocked_achievements) + @wLevel * g.level
        + @wRolls * g.total_rolls) AS score
    FROM game_states g JOIN users u ON u.id = g.user_id
    WHERE g.total_rolls > 0
  ),
  ranked AS (SELECT *, row_number() OVER (ORDER BY score DESC, userId ASC) AS rank FROM scored)`;

/**
 * A period's activity: GOGO credited by rolls (tiles and achievements) and daily-login bonuses,
 * jackpots, achievement unlocks and rolls since @since. Level is a standing, not an activity: it is
 * shown but not scored.
 */
const PERIOD = `
  r AS (
    SELECT user_id, count(*) AS rolls, sum(max(applied_reward, 0) + achievement_reward) AS earned,
      sum(is_jackpot) AS jackpots
    FROM rolls WHERE created_at >= @since GROUP BY user_id
  ),
  a AS (SELECT user_id, count(*) AS n FROM achievement_unlocks WHERE unlocked_at >= @since GROUP BY user_id),
  l AS (SELECT user_id, sum(bonus) AS bonus FROM daily_logins WHERE created_at >= @since GROUP BY user_id),
  scored AS (
    SELECT r.user_id AS userId, u.username AS username, coalesce(g.level, 1) AS level,
      r.earned + coalesce(l.bonus, 0) AS tokens, r.rolls AS rolls, r.jackpots AS jackpots,
      coalesce(a.n, 0) AS achievements,
      (@wTokens * (r.earned + coalesce(l.bonus, 0)) + @wJackpots * r.jackpots
        + @wAchievements * coalesce(a.n, 0) + @wRolls * r.rolls) AS score
    FROM r JOIN users u ON u.id = r.user_id
      LEFT JOIN a ON a.user_id = r.user_id
      LEFT JOIN l ON l.user_id = r.user_id
      LEFT JOIN game_states g ON g.user_id = r.user_id
  ),
  ranked AS (SELECT *, row_number() OVER (ORDER BY score DESC, userId ASC) AS rank FROM scored)`;

/** Queries of player stats, leaderboards and the public figures. */
export function createStatsRepo(database: Database_) {
  const { db, sqlite } = database;
  const prepareRanked = (ctes: string) => ({
    top: sqlite.prepare<Record<string, number>, RankedRow & { rank: number }>(
      `WITH ${ctes} SELECT * FROM ranked ORDER BY rank LIMIT @limit`,
    ),
    me: sqlite.prepare<Record<string, number>, { rank: number; score: number }>(
      `WITH ${ctes} SELECT rank, score FROM ranked WHERE userId = @userId`,
    ),
    count: sqlite.prepare<Record<string, number>, { n: number }>(`WITH ${ctes} SELECT count(*) AS n FROM scored`),
  });
  const allTime = prepareRanked(ALL_TIME);
  const period = prepareRanked(PERIOD);

  const countUsers = sqlite.prepare<[], { n: number }>('SELECT count(*) AS n FROM users');
  const countOnline = sqlite.prepare<[number], { n: number }>('SELECT count(*) AS n FROM users WHERE last_seen >= ?');
  const gogoDistributed = sqlite.prepare<[], { n: number }>(
    `SELECT coalesce(sum(amount), 0) AS n FROM ledger_entries
     WHERE asset = 'GOGO' AND amount > 0 AND type IN ('reward', 'jackpot')`,
  );
  const rollsSince = sqlite.prepare<[number], { n: number }>('SELECT count(*) AS n FROM rolls WHERE created_at >= ?');

  const board = (since: number | null) => (since === null ? allTime : period);
  const params = (since: number | null, extra: Record<string, number>) => ({
    ...weights,
    ...(since === null ? {} : { since }),
    ...extra,
  });

  return {
    user: (id: number) =>
      db
        .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, id))
        .get(),
    /** The best `limit` players (all time when `since` is null, else the period from `since`). */
    top: (since: number | null, limit: number) => board(since).top.all(params(since, { limit })),
    rankOf: (since: number | null, userId: number) => board(since).me.get(params(since, { userId })),
    rankedCount: (since: number | null) => board(since).count.get(params(since, {}))?.n ?? 0,
    countUsers: () => countUsers.get()?.n ?? 0,
    countOnlineSince: (since: number) => countOnline.get(since)?.n ?? 0,
    gogoDistributed: () => gogoDistributed.get()?.n ?? 0,
    rollsSince: (since: number) => rollsSince.get(since)?.n ?? 0,
  };
}

export type StatsRepo = ReturnType<typeof createStatsRepo>;
