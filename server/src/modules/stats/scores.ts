import { LEADERBOARD_SCORE_WEIGHTS as W } from '@gogo/shared/rules';
import { sql, type Queryable } from '../../db/sql.js';
import { leaderboardVisibleSql } from '../../core/privacy.js';

/**
 * Score queries the profile pages need, kept beside the engine's leaderboards so that every score is
 * computed in one module with one set of weights (LEADERBOARD_SCORE_WEIGHTS, written into the
 * statement once at load).
 */
export interface DailyRank {
  /** Days since the epoch (UTC). */
  day: number;
  rank: number;
  score: number;
  totalRanked: number;
}

/**
 * The same daily ranking as the engine's period leaderboard (GOGO earned by rolls, achievements and
 * login bonuses, jackpots, achievement unlocks, rolls; same weights), for every UTC day since :since,
 * restricted to players listed on leaderboards.
 */
const dailyRanks = sql<{ userId: number; since: number }, DailyRank>(`
  WITH r AS (
    SELECT user_id, created_at / 86400000 AS day, count(*) AS rolls,
      sum({greatest}(applied_reward, 0) + salary + achievement_reward) AS earned, sum(is_jackpot) AS jackpots
    FROM rolls WHERE created_at >= :since GROUP BY user_id, created_at / 86400000
  ),
  a AS (
    SELECT user_id, unlocked_at / 86400000 AS day, count(*) AS n FROM achievement_unlocks
    WHERE unlocked_at >= :since GROUP BY user_id, unlocked_at / 86400000
  ),
  l AS (
    SELECT user_id, created_at / 86400000 AS day, sum(bonus) AS bonus FROM daily_logins
    WHERE created_at >= :since GROUP BY user_id, created_at / 86400000
  ),
  scored AS (
    SELECT r.user_id AS "userId", r.day AS day,
      (${W.totalTokensEarned} * (r.earned + coalesce(l.bonus, 0)) + ${W.jackpotsHit} * r.jackpots
        + ${W.achievementsUnlocked} * coalesce(a.n, 0) + ${W.totalRolls} * r.rolls) AS score
    FROM r LEFT JOIN a ON a.user_id = r.user_id AND a.day = r.day
      LEFT JOIN l ON l.user_id = r.user_id AND l.day = r.day
    WHERE ${leaderboardVisibleSql('r.user_id')}
  ),
  ranked AS (
    SELECT "userId", day, score, row_number() OVER (PARTITION BY day ORDER BY score DESC, "userId" ASC) AS rank,
      count(*) OVER (PARTITION BY day) AS total
    FROM scored
  )
  SELECT day, rank, score, total AS "totalRanked" FROM ranked WHERE "userId" = :userId ORDER BY day DESC`);

/** The player's daily rank for every UTC day since `since` on which they rolled (newest first). */
export function dailyRanksOf(q: Queryable, userId: number, since: number): Promise<DailyRank[]> {
  return q.all(dailyRanks, { userId, since });
}
