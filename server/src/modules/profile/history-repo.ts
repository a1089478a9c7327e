import { sql, type Queryable } from '../../db/sql.js';
import { activeAccountSql } from '../../core/privacy.js';

/** A player's history read back from the engine's tables (activity feed, rolls, analytics). */
export interface ActivityRow {
  type: 'achievement' | 'jackpot' | 'lap' | 'level_up' | 'daily_login' | 'daily_dice' | 'friend';
  at: number;
  ref: string | null;
  amount: number | null;
  extra: number | null;
}

export interface HistoryRollRow {
  rollId: number;
  seq: number;
  createdAt: number;
  die: number;
  from: number;
  to: number;
  tileId: number;
  reward: number;
  achievementReward: number;
  isJackpot: number;
  /** The board the roll was played on: a property's name depends on it. */
  boardNumber: number;
}

/** Ledger rows looked through per activity page when looking for level-ups (a roll writes two or three). */
export const LEVEL_UP_SCAN = 3000;

// Activity: each source is limited on its own (newest first) before the merge, so that a player
// with a long history costs a few index walks, not a scan of every roll. NULLs are typed so that
// PostgreSQL can unite the sources.
const NONE_TEXT = 'CAST(NULL AS TEXT)';
const NONE_INT = 'CAST(NULL AS BIGINT)';
// A level-up pays its dice in a ledger row 'level_up:<level>' of the roll that reached it: one entry
// per roll, with the highest level it reached (the roll's stored answer is packed, not queried).
const LEVEL_UP = `SELECT 'level_up' AS type, max(at) AS at, ${NONE_TEXT} AS ref,
    max(CAST(substr(reason, 10) AS BIGINT)) AS amount, ${NONE_INT} AS extra
  FROM (SELECT created_at AS at, reason, ref_id FROM ledger_entries WHERE user_id = :userId AND created_at < :before
        ORDER BY created_at DESC LIMIT ${LEVEL_UP_SCAN}) l
  WHERE substr(reason, 1, 9) = 'level_up:'
  GROUP BY ref_id ORDER BY at DESC LIMIT :limit`;
const PUBLIC_SOURCES = [
  `SELECT 'achievement' AS type, unlocked_at AS at, achievement_id AS ref, reward_paid AS amount, ${NONE_INT} AS extra
   FROM achievement_unlocks WHERE user_id = :userId AND unlocked_at < :before
   ORDER BY unlocked_at DESC LIMIT :limit`,
  `SELECT 'jackpot' AS type, created_at AS at, CAST(tile_id AS TEXT) AS ref, applied_reward AS amount,
     ${NONE_INT} AS extra
   FROM rolls WHERE user_id = :userId AND is_jackpot = 1 AND created_at < :before
   ORDER BY created_at DESC LIMIT :limit`,
  `SELECT 'lap' AS type, created_at AS at, ${NONE_TEXT} AS ref, ${NONE_INT} AS amount, ${NONE_INT} AS extra
   FROM rolls WHERE user_id = :userId AND to_position = 0 AND created_at < :before
   ORDER BY created_at DESC LIMIT :limit`,
];
const SELF_SOURCES = [
  `SELECT 'daily_login' AS type, created_at AS at, ${NONE_TEXT} AS ref, bonus AS amount, consecutive_days AS extra
   FROM daily_logins WHERE user_id = :userId AND created_at < :before ORDER BY created_at DESC LIMIT :limit`,
  `SELECT 'daily_dice' AS type, created_at AS at, ${NONE_TEXT} AS ref, dice_added AS amount,
     consecutive_days AS extra
   FROM daily_dice_claims WHERE user_id = :userId AND created_at < :before
   ORDER BY created_at DESC LIMIT :limit`,
  `SELECT 'friend' AS type, f.created_at AS at, u.username AS ref, ${NONE_INT} AS amount, ${NONE_INT} AS extra
   FROM friendships f
   JOIN users u ON u.id = CASE WHEN f.user_low = :userId THEN f.user_high ELSE f.user_low END
   WHERE (f.user_low = :userId OR f.user_high = :userId) AND f.created_at < :before
     AND ${activeAccountSql('u.id')}
   ORDER BY f.created_at DESC LIMIT :limit`,
];
function activityStatement(self: boolean) {
  const text = (levelUp: string) => {
    const sources = [...PUBLIC_SOURCES, levelUp, ...(self ? SELF_SOURCES : [])];
    return `SELECT * FROM (${sources.map((s, i) => `SELECT * FROM (${s}) s${i}`).join(' UNION ALL ')}) merged
      ORDER BY at DESC, type LIMIT :limit`;
  };
  return sql<{ userId: number; before: number; limit: number }, ActivityRow>(text(LEVEL_UP));
}
const activityPublic = activityStatement(false);
const activitySelf = activityStatement(true);

const historyRolls = sql<{ userId: number; beforeSeq: number; limit: number }, HistoryRollRow>(
  `SELECT id AS "rollId", seq, created_at AS "createdAt", die, from_position AS "from", to_position AS "to",
     tile_id AS "tileId", applied_reward AS reward, achievement_reward AS "achievementReward",
     is_jackpot AS "isJackpot", board_number AS "boardNumber"
   FROM rolls WHERE user_id = :userId AND seq < :beforeSeq
   ORDER BY created_at DESC, id DESC LIMIT :limit`,
);

type Period = { userId: number; since: number; until: number };
const rollsInPeriod = sql<
  Period,
  { die: number; tileId: number; n: number; jackpots: number; laps: number; best: number; worst: number }
>(
  `SELECT die, tile_id AS "tileId", count(*) AS n, sum(is_jackpot) AS jackpots,
     sum(CASE WHEN to_position = 0 THEN 1 ELSE 0 END) AS laps, max(applied_reward) AS best,
     min(applied_reward) AS worst
   FROM rolls WHERE user_id = :userId AND created_at >= :since AND created_at <= :until GROUP BY die, tile_id`,
);
const ledgerInPeriod = sql<Period, { asset: 'GOGO' | 'DICE'; type: string; credited: number; debited: number }>(
  `SELECT asset, type, coalesce(sum({greatest}(amount, 0)), 0) AS credited,
     coalesce(sum(-{least}(amount, 0)), 0) AS debited
   FROM ledger_entries WHERE user_id = :userId AND created_at >= :since AND created_at <= :until
   GROUP BY asset, type`,
);
const unlocksInPeriod = sql<Period, { n: number }>(
  `SELECT count(*) AS n FROM achievement_unlocks
   WHERE user_id = :userId AND unlocked_at >= :since AND unlocked_at <= :until`,
);
// Analytics series: one row per bucket of :size ms from :since (months are folded from days in code).
const BUCKET =
  '(CAST(:since AS BIGINT) + (created_at - CAST(:since AS BIGINT)) / CAST(:size AS BIGINT) * CAST(:size AS BIGINT))';
export interface SeriesRow {
  start: number;
  rolls: number;
  gogoIn: number;
  gogoOut: number;
}
const series = sql<Period & { size: number }, SeriesRow>(
  `SELECT start, sum(rolls) AS rolls, sum(gogo_in) AS "gogoIn", sum(gogo_out) AS "gogoOut" FROM (
     SELECT start, count(*) AS rolls, 0 AS gogo_in, 0 AS gogo_out
     FROM (SELECT ${BUCKET} AS start FROM rolls
           WHERE user_id = :userId AND created_at >= :since AND created_at <= :until) rb
     GROUP BY start
     UNION ALL
     SELECT start, 0, coalesce(sum({greatest}(amount, 0)), 0), coalesce(sum(-{least}(amount, 0)), 0)
     FROM (SELECT ${BUCKET} AS start, amount FROM ledger_entries
           WHERE user_id = :userId AND asset = 'GOGO' AND created_at >= :since AND created_at <= :until) lb
     GROUP BY start
   ) buckets GROUP BY start`,
);

export const historyRepo = {
  activity: (q: Queryable, userId: number, self: boolean, before: number, limit: number) =>
    q.all(self ? activitySelf : activityPublic, { userId, before, limit }),
  historyRolls: (q: Queryable, userId: number, beforeSeq: number, limit: number) =>
    q.all(historyRolls, { userId, beforeSeq, limit }),
  rollsInPeriod: (q: Queryable, userId: number, since: number, until: number) =>
    q.all(rollsInPeriod, { userId, since, until }),
  ledgerInPeriod: (q: Queryable, userId: number, since: number, until: number) =>
    q.all(ledgerInPeriod, { userId, since, until }),
  unlocksInPeriod: async (q: Queryable, userId: number, since: number, until: number) =>
    (await q.get(unlocksInPeriod, { userId, since, until }))?.n ?? 0,
  /** Rolls and GOGO in and out per bucket of `bucketMs` from `since`. */
  series: (q: Queryable, userId: number, since: number, until: number, bucketMs: number) =>
    q.all(series, { userId, since, until, size: bucketMs }),
};
