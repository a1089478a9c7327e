import { LEADERBOARD_SCORE_WEIGHTS } from '@gogo/shared/rules';
import { sql, type Engine, type Queryable, type Tx } from '../../db/sql.js';
import { leaderboardVisibleSql } from '../../core/privacy.js';

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
// The weights are integer constants of the rules, written into the statements once (never input).
const weight = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`score weights are integers, got ${value}`);
  return String(value);
};

/** The number of achievements in the unlocked_achievements JSON array. */
const achievementCount: Record<Engine, string> = {
  sqlite: 'json_array_length(g.unlocked_achievements)',
  postgres: 'json_array_length(CAST(g.unlocked_achievements AS json))',
};

/**
 * Ranked players, as a CTE named `ranked` with a row_number `rank`. A player is ranked once they
 * have rolled (since their last reset for all time; in the period otherwise). The weights come from
 * LEADERBOARD_SCORE_WEIGHTS, never written here.
 * Players who hide from leaderboards, and deactivated or deleted accounts, are not ranked
 * (leaderboardVisibleSql of the profile module).
 */
const allTime = (engine: Engine) => `
  scored AS (
    SELECT g.user_id AS "userId", u.username AS username, g.level AS level, g.total_tokens_earned AS tokens,
      g.total_rolls AS rolls, g.jackpots_hit AS jackpots, ${achievementCount[engine]} AS achievements,
      (${weight(W.totalTokensEarned)} * g.total_tokens_earned + ${weight(W.jackpotsHit)} * g.jackpots_hit
        + ${weight(W.achievementsUnlocked)} * ${achievementCount[engine]} + ${weight(W.level)} * g.level
        + ${weight(W.totalRolls)} * g.total_rolls) AS score
    FROM game_states g JOIN users u ON u.id = g.user_id
    WHERE g.total_rolls > 0 AND ${leaderboardVisibleSql('g.user_id')}
  ),
  ranked AS (SELECT scored.*, row_number() OVER (ORDER BY score DESC, "userId" ASC) AS rank FROM scored)`;

/**
 * A period's activity: GOGO credited by rolls (tiles and achievements) and daily-login bonuses,
 * jackpots, achievement unlocks and rolls since :since. Level is a standing, not an activity: it is
 * shown but not scored.
 */
const period = () => `
  r AS (
    SELECT user_id, count(*) AS rolls, sum({greatest}(applied_reward, 0) + salary + achievement_reward) AS earned,
      sum(is_jackpot) AS jackpots
    FROM rolls WHERE created_at >= :since GROUP BY user_id
  ),
  a AS (SELECT user_id, count(*) AS n FROM achievement_unlocks WHERE unlocked_at >= :since GROUP BY user_id),
  l AS (SELECT user_id, sum(bonus) AS bonus FROM daily_logins WHERE created_at >= :since GROUP BY user_id),
  scored AS (
    SELECT r.user_id AS "userId", u.username AS username, coalesce(g.level, 1) AS level,
      r.earned + coalesce(l.bonus, 0) AS tokens, r.rolls AS rolls, r.jackpots AS jackpots,
      coalesce(a.n, 0) AS achievements,
      (${weight(W.totalTokensEarned)} * (r.earned + coalesce(l.bonus, 0)) + ${weight(W.jackpotsHit)} * r.jackpots
        + ${weight(W.achievementsUnlocked)} * coalesce(a.n, 0) + ${weight(W.totalRolls)} * r.rolls) AS score
    FROM r JOIN users u ON u.id = r.user_id
      LEFT JOIN a ON a.user_id = r.user_id
      LEFT JOIN l ON l.user_id = r.user_id
      LEFT JOIN game_states g ON g.user_id = r.user_id
    WHERE ${leaderboardVisibleSql('r.user_id')}
  ),
  ranked AS (SELECT scored.*, row_number() OVER (ORDER BY score DESC, "userId" ASC) AS rank FROM scored)`;

type Params = Record<string, unknown>;
type Ranked = RankedRow & { rank: number };
type Since = { since: number };

function board<S extends Params>(ctes: (engine: Engine) => string) {
  const both = (tail: string) => ({
    sqlite: `WITH ${ctes('sqlite')} ${tail}`,
    postgres: `WITH ${ctes('postgres')} ${tail}`,
  });
  return {
    top: sql<S & { limit: number }, Ranked>(
      both(
        'SELECT "userId", username, level, tokens, rolls, jackpots, achievements, score, rank FROM ranked ORDER BY rank LIMIT :limit',
      ),
    ),
    me: sql<S & { userId: number }, { rank: number; score: number }>(
      both('SELECT rank, score FROM ranked WHERE "userId" = :userId'),
    ),
    count: sql<S, { n: number }>(both('SELECT count(*) AS n FROM scored')),
  };
}

const allTimeBoard = board<{ since?: never }>(allTime);
const periodBoard = board<Since>(period);

// Deleted accounts are no longer players.
const countUsers = sql<Record<string, never>, { n: number }>(
  `SELECT count(*) AS n FROM users u
   WHERE NOT EXISTS (SELECT 1 FROM user_profiles p WHERE p.user_id = u.id AND p.deleted_at IS NOT NULL)`,
);
const countOnline = sql<{ since: number }, { n: number }>('SELECT count(*) AS n FROM users WHERE last_seen >= :since');
const gogoDistributed = sql<Record<string, never>, { n: number }>(
  `SELECT coalesce(sum(amount), 0) AS n FROM ledger_entries
   WHERE asset = 'GOGO' AND amount > 0 AND type IN ('reward', 'jackpot')`,
);
const user = sql<{ id: number }, { id: number; username: string; email: string; createdAt: number }>(
  'SELECT id, username, email, created_at AS "createdAt" FROM users WHERE id = :id',
);
const cached = sql<{ key: string }, { value: string; computedAt: number }>(
  'SELECT value, computed_at AS "computedAt" FROM stats_cache WHERE key = :key',
);
// The newest figures win when two instances compute them at once.
const saveCached = sql<{ key: string; value: string; computedAt: number }>(
  `INSERT INTO stats_cache (key, value, computed_at) VALUES (:key, :value, :computedAt)
   ON CONFLICT (key) DO UPDATE SET value = excluded.value, computed_at = excluded.computed_at
   WHERE stats_cache.computed_at <= excluded.computed_at`,
);

const n = (row: { n: number } | undefined) => row?.n ?? 0;

/** Queries of player stats, leaderboards and the public figures, on the reader or tx given. */
export const statsRepo = {
  user: (q: Queryable, id: number) => q.get(user, { id }),
  /** The best `limit` players (all time when `since` is null, else the period from `since`). */
  top: (q: Queryable, since: number | null, limit: number) =>
    since === null ? q.all(allTimeBoard.top, { limit }) : q.all(periodBoard.top, { since, limit }),
  rankOf: (q: Queryable, since: number | null, userId: number) =>
    since === null ? q.get(allTimeBoard.me, { userId }) : q.get(periodBoard.me, { since, userId }),
  rankedCount: async (q: Queryable, since: number | null) =>
    n(since === null ? await q.get(allTimeBoard.count, {}) : await q.get(periodBoard.count, { since })),
  countUsers: async (q: Queryable) => n(await q.get(countUsers, {})),
  countOnlineSince: async (q: Queryable, since: number) => n(await q.get(countOnline, { since })),
  gogoDistributed: async (q: Queryable) => n(await q.get(gogoDistributed, {})),
  cached: (q: Queryable, key: string) => q.get(cached, { key }),
  saveCached: (tx: Tx, key: string, value: string, computedAt: number) =>
    tx.run(saveCached, { key, value, computedAt }),
};
