import { eq, sql } from 'drizzle-orm';
import { LEADERBOARD_SCORE_WEIGHTS } from '@gogo/shared/rules';
import type { Database_, Db } from '../../db/client.js';
import { userProfiles, users } from '../../db/schema/index.js';
import { activeAccountSql, leaderboardVisibleSql, type PrivacyState } from './privacy.js';

export type ProfileRow = typeof userProfiles.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export interface PersonSearchRow {
  id: number;
  username: string;
  avatarFile: string | null;
  level: number;
  profileVisibility: 'public' | 'friends' | 'private';
  isFriend: number;
}

export interface OnlineRow {
  id: number;
  username: string;
  avatarFile: string | null;
  lastSeen: number;
  isFriend: number;
}

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
}

type Scalar = string | number | boolean | null;
export type PlainRow = Record<string, Scalar>;

const W = LEADERBOARD_SCORE_WEIGHTS;
const weights = {
  wTokens: W.totalTokensEarned,
  wJackpots: W.jackpotsHit,
  wAchievements: W.achievementsUnlocked,
  wRolls: W.totalRolls,
};

/** snake_case column names to the camelCase of the API (memoised: an export converts many rows). */
const camelNames = new Map<string, string>();
const camel = (name: string) => {
  let out = camelNames.get(name);
  if (out === undefined) {
    out = name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
    camelNames.set(name, out);
  }
  return out;
};
const camelRow = (row: Record<string, unknown>, omit: readonly string[] = []): PlainRow => {
  const out: PlainRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key)) continue;
    out[camel(key)] = value instanceof Buffer ? value.toString('hex') : (value as Scalar);
  }
  return out;
};

/** Rolls parsed per activity page when looking for level-ups. */
export const LEVEL_UP_SCAN = 1000;

/** Escapes LIKE wildcards: usernames contain underscores, which LIKE reads as "any character". */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The same daily ranking as the engine's period leaderboard (GOGO earned by rolls, achievements and
 * login bonuses, jackpots, achievement unlocks, rolls; same weights), for every UTC day since @since,
 * restricted to players listed on leaderboards.
 */
const DAILY_RANKS = `
  WITH r AS (
    SELECT user_id, created_at / 86400000 AS day, count(*) AS rolls,
      sum(max(applied_reward, 0) + achievement_reward) AS earned, sum(is_jackpot) AS jackpots
    FROM rolls WHERE created_at >= @since GROUP BY user_id, day
  ),
  a AS (
    SELECT user_id, unlocked_at / 86400000 AS day, count(*) AS n FROM achievement_unlocks
    WHERE unlocked_at >= @since GROUP BY user_id, day
  ),
  l AS (
    SELECT user_id, created_at / 86400000 AS day, sum(bonus) AS bonus FROM daily_logins
    WHERE created_at >= @since GROUP BY user_id, day
  ),
  scored AS (
    SELECT r.user_id AS userId, r.day AS day,
      (@wTokens * (r.earned + coalesce(l.bonus, 0)) + @wJackpots * r.jackpots
        + @wAchievements * coalesce(a.n, 0) + @wRolls * r.rolls) AS score
    FROM r LEFT JOIN a ON a.user_id = r.user_id AND a.day = r.day
      LEFT JOIN l ON l.user_id = r.user_id AND l.day = r.day
    WHERE ${leaderboardVisibleSql('r.user_id')}
  ),
  ranked AS (
    SELECT *, row_number() OVER (PARTITION BY day ORDER BY score DESC, userId ASC) AS rank,
      count(*) OVER (PARTITION BY day) AS total
    FROM scored
  )
  SELECT day, rank, score, total AS totalRanked FROM ranked WHERE userId = @userId ORDER BY day DESC`;

/** Every query of the profile module (settings, search, presence, history, export, deletion). */
export function createUsersRepo(database: Database_) {
  const { db, sqlite } = database;

  const profile = db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.userId, sql.placeholder('userId')))
    .prepare();
  const user = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();
  const level = sqlite.prepare<[number], { level: number }>('SELECT level FROM game_states WHERE user_id = ?');
  const avatarByFile = sqlite.prepare<[string], { userId: number; mime: string | null; deletedAt: number | null }>(
    'SELECT user_id AS userId, avatar_mime AS mime, deleted_at AS deletedAt FROM user_profiles WHERE avatar_file = ?',
  );

  const search = sqlite.prepare<
    { viewer: number; pattern: string; prefix: string; exact: string; limit: number },
    PersonSearchRow
  >(
    `SELECT u.id AS id, u.username AS username, p.avatar_file AS avatarFile, coalesce(g.level, 1) AS level,
       coalesce(p.profile_visibility, 'public') AS profileVisibility,
       EXISTS (SELECT 1 FROM friendships f WHERE f.user_low = min(u.id, @viewer) AND f.user_high = max(u.id, @viewer))
         AS isFriend
     FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id LEFT JOIN game_states g ON g.user_id = u.id
     WHERE lower(u.username) LIKE @pattern ESCAPE '\\' AND u.id <> @viewer
       AND ${activeAccountSql('u.id')} AND coalesce(p.profile_visibility, 'public') <> 'private'
     ORDER BY lower(u.username) = @exact DESC, lower(u.username) LIKE @prefix ESCAPE '\\' DESC,
       length(u.username), lower(u.username)
     LIMIT @limit`,
  );

  // Online players the viewer may see: active, online status shown, and a public profile or a
  // friends-only one when the viewer is a friend. Private profiles never appear.
  const ONLINE_FROM = `
    FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id
    WHERE u.last_seen >= @since AND u.id <> @viewer AND ${activeAccountSql('u.id')}
      AND coalesce(p.show_online_status, 1) = 1
      AND (coalesce(p.profile_visibility, 'public') = 'public'
        OR (p.profile_visibility = 'friends' AND EXISTS (SELECT 1 FROM friendships f
              WHERE f.user_low = min(u.id, @viewer) AND f.user_high = max(u.id, @viewer))))`;
  const online = sqlite.prepare<{ viewer: number; since: number; limit: number }, OnlineRow>(
    `SELECT u.id AS id, u.username AS username, p.avatar_file AS avatarFile, u.last_seen AS lastSeen,
       EXISTS (SELECT 1 FROM friendships f WHERE f.user_low = min(u.id, @viewer) AND f.user_high = max(u.id, @viewer))
         AS isFriend
     ${ONLINE_FROM} ORDER BY u.last_seen DESC, u.id LIMIT @limit`,
  );
  const onlineCount = sqlite.prepare<{ viewer: number; since: number }, { n: number }>(
    `SELECT count(*) AS n ${ONLINE_FROM}`,
  );

  // Activity: each source is limited on its own (newest first) before the merge, so that a player
  // with a long history costs a few index walks, not a scan of every roll.
  const activitySources = (self: boolean) => {
    const sources = [
      `SELECT 'achievement' AS type, unlocked_at AS at, achievement_id AS ref, reward_paid AS amount, NULL AS extra
       FROM achievement_unlocks WHERE user_id = @userId AND unlocked_at < @before
       ORDER BY unlocked_at DESC LIMIT @limit`,
      `SELECT 'jackpot' AS type, created_at AS at, CAST(tile_id AS TEXT) AS ref, applied_reward AS amount, NULL AS extra
       FROM rolls WHERE user_id = @userId AND is_jackpot = 1 AND created_at < @before
       ORDER BY created_at DESC LIMIT @limit`,
      `SELECT 'lap' AS type, created_at AS at, NULL AS ref, NULL AS amount, NULL AS extra
       FROM rolls WHERE user_id = @userId AND to_position = 0 AND created_at < @before
       ORDER BY created_at DESC LIMIT @limit`,
      // Level-ups live in each roll's stored answer; only the latest rolls before the cursor are
      // parsed (LEVEL_UP_SCAN), so a long history never costs a scan of every roll.
      `SELECT 'level_up' AS type, at, NULL AS ref, json_extract(result, '$.levelUps[#-1]') AS amount, NULL AS extra
       FROM (SELECT created_at AS at, result FROM rolls WHERE user_id = @userId AND created_at < @before
             ORDER BY created_at DESC LIMIT ${LEVEL_UP_SCAN})
       WHERE json_array_length(result, '$.levelUps') > 0
       ORDER BY at DESC LIMIT @limit`,
    ];
    if (self) {
      sources.push(
        `SELECT 'daily_login' AS type, created_at AS at, NULL AS ref, bonus AS amount, consecutive_days AS extra
         FROM daily_logins WHERE user_id = @userId AND created_at < @before ORDER BY created_at DESC LIMIT @limit`,
        `SELECT 'daily_dice' AS type, created_at AS at, NULL AS ref, dice_added AS amount, consecutive_days AS extra
         FROM daily_dice_claims WHERE user_id = @userId AND created_at < @before
         ORDER BY created_at DESC LIMIT @limit`,
        `SELECT 'friend' AS type, f.created_at AS at, u.username AS ref, NULL AS amount, NULL AS extra
         FROM friendships f
         JOIN users u ON u.id = CASE WHEN f.user_low = @userId THEN f.user_high ELSE f.user_low END
         WHERE (f.user_low = @userId OR f.user_high = @userId) AND f.created_at < @before
           AND ${activeAccountSql('u.id')}
         ORDER BY f.created_at DESC LIMIT @limit`,
      );
    }
    return sqlite.prepare<{ userId: number; before: number; limit: number }, ActivityRow>(
      `SELECT * FROM (${sources.map((s) => `SELECT * FROM (${s})`).join(' UNION ALL ')})
       ORDER BY at DESC, type LIMIT @limit`,
    );
  };
  const activityPublic = activitySources(false);
  const activitySelf = activitySources(true);

  const historyRolls = sqlite.prepare<{ userId: number; beforeSeq: number; limit: number }, HistoryRollRow>(
    `SELECT id AS rollId, seq, created_at AS createdAt, die, from_position AS "from", to_position AS "to",
       tile_id AS tileId, applied_reward AS reward, achievement_reward AS achievementReward, is_jackpot AS isJackpot
     FROM rolls WHERE user_id = @userId AND seq < @beforeSeq
     ORDER BY created_at DESC, id DESC LIMIT @limit`,
  );
  // seq grows with time for a player; walking (user_id, created_at) newest first stops after a page.
  // Each roll takes one nonce of one of the player's seeds: the nonces add up to the rolls served.
  const lifetime = sqlite.prepare<[number], { n: number }>(
    'SELECT coalesce(sum(next_nonce), 0) AS n FROM fairness_seeds WHERE user_id = ?',
  );

  // Analytics.
  const rollsInPeriod = sqlite.prepare<
    { userId: number; since: number; until: number },
    { die: number; tileId: number; n: number; jackpots: number; laps: number; best: number; worst: number }
  >(
    `SELECT die, tile_id AS tileId, count(*) AS n, sum(is_jackpot) AS jackpots, sum(to_position = 0) AS laps,
       max(applied_reward) AS best, min(applied_reward) AS worst
     FROM rolls WHERE user_id = @userId AND created_at >= @since AND created_at <= @until GROUP BY die, tile_id`,
  );
  const ledgerInPeriod = sqlite.prepare<
    { userId: number; since: number; until: number },
    { asset: 'GOGO' | 'DICE'; type: string; credited: number; debited: number }
  >(
    `SELECT asset, type, coalesce(sum(max(amount, 0)), 0) AS credited, coalesce(sum(-min(amount, 0)), 0) AS debited
     FROM ledger_entries WHERE user_id = @userId AND created_at >= @since AND created_at <= @until
     GROUP BY asset, type`,
  );
  const unlocksInPeriod = sqlite.prepare<{ userId: number; since: number; until: number }, { n: number }>(
    `SELECT count(*) AS n FROM achievement_unlocks
     WHERE user_id = @userId AND unlocked_at >= @since AND unlocked_at <= @until`,
  );
  // Analytics series: one row per bucket start (fixed-size hours or days from @since, or calendar months).
  const FIXED_BUCKET = '(@since + CAST((created_at - @since) / @size AS INTEGER) * @size)';
  const MONTH_BUCKET = "(CAST(strftime('%s', strftime('%Y-%m-01', created_at / 1000, 'unixepoch')) AS INTEGER) * 1000)";
  type SeriesParams = { userId: number; since: number; until: number; size: number };
  type SeriesRow = { start: number; rolls: number; gogoIn: number; gogoOut: number };
  const seriesSql = (bucket: string) =>
    sqlite.prepare<SeriesParams, SeriesRow>(
      `SELECT start, sum(rolls) AS rolls, sum(gogoIn) AS gogoIn, sum(gogoOut) AS gogoOut FROM (
         SELECT ${bucket} AS start, count(*) AS rolls, 0 AS gogoIn, 0 AS gogoOut FROM rolls
         WHERE user_id = @userId AND created_at >= @since AND created_at <= @until AND @size > 0 GROUP BY 1
         UNION ALL
         SELECT ${bucket} AS start, 0, coalesce(sum(max(amount, 0)), 0), coalesce(sum(-min(amount, 0)), 0)
         FROM ledger_entries WHERE user_id = @userId AND asset = 'GOGO' AND created_at >= @since
           AND created_at <= @until AND @size > 0 GROUP BY 1
       ) GROUP BY start`,
    );
  const seriesFixed = seriesSql(FIXED_BUCKET);
  const seriesMonthly = seriesSql(MONTH_BUCKET);

  const dailyRanks = sqlite.prepare<
    Record<string, number>,
    { day: number; rank: number; score: number; totalRanked: number }
  >(DAILY_RANKS);

  // Export and deletion.
  const tableExists = sqlite.prepare<[string], { n: number }>(
    "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?",
  );
  const columnsOf = (table: string) =>
    (sqlite.pragma(`table_info(${JSON.stringify(table)})`) as { name: string }[]).map((c) => c.name);
  const hasTable = (name: string) => (tableExists.get(name)?.n ?? 0) > 0;
  const selectOwn = (table: string, orderBy: string) =>
    sqlite.prepare<[number], Record<string, unknown>>(`SELECT * FROM ${table} WHERE user_id = ? ORDER BY ${orderBy}`);
  const exportStatements = {
    gameState: selectOwn('game_states', 'user_id'),
    ledger: selectOwn('ledger_entries', 'id'),
    rolls: sqlite.prepare<[number], Record<string, unknown>>(
      `SELECT id, seq, seed_id, client_seed, nonce, die, from_position, to_position, tile_id, raw_reward,
         applied_reward, achievement_reward, is_jackpot, request_id, created_at
       FROM rolls WHERE user_id = ? ORDER BY seq`,
    ),
    // The active server seed stays secret (it would tell the next rolls): only revealed seeds show it.
    fairnessSeeds: sqlite.prepare<[number], Record<string, unknown>>(
      `SELECT id, seed_index, CASE WHEN revealed_at IS NOT NULL THEN server_seed END AS server_seed,
         server_seed_hash, client_seed, next_nonce, created_at, revealed_at
       FROM fairness_seeds WHERE user_id = ? ORDER BY seed_index`,
    ),
    achievements: selectOwn('achievement_unlocks', 'id'),
    dailyLogins: selectOwn('daily_logins', 'id'),
    dailyDiceClaims: selectOwn('daily_dice_claims', 'id'),
    streaks: selectOwn('streaks', 'kind'),
    playSessions: selectOwn('play_sessions', 'id'),
  };

  const money = {
    /** Columns a money transaction row may export: its own facts, never the reviewing admin's id. */
    allowed: [
      'id',
      'type',
      'amount',
      'currency',
      'crypto_type',
      'crypto_amount',
      'usd_value',
      'crypto_address',
      'tx_hash',
      'hash_currency',
      'reference',
      'note',
      'dice_rolls_requested',
      'status',
      'dice_rolls_credited',
      'gogo_credited',
      'admin_note',
      'reason',
      'reviewed_at',
      'created_at',
      'updated_at',
    ],
  };

  return {
    userById: (id: number): UserRow | undefined => user.get({ id }),
    profile: (userId: number): ProfileRow | undefined => profile.get({ userId }),
    privacyOf(userId: number): PrivacyState | undefined {
      const row = profile.get({ userId });
      return row
        ? {
            profileVisibility: row.profileVisibility,
            showOnLeaderboard: row.showOnLeaderboard,
            showOnlineStatus: row.showOnlineStatus,
            deactivatedAt: row.deactivatedAt,
            deletedAt: row.deletedAt,
          }
        : undefined;
    },
    levelOf: (userId: number): number => level.get(userId)?.level ?? 1,
    /** Writes the given profile fields, creating the row with defaults when it does not exist yet. */
    saveProfile(tx: Db, userId: number, patch: Partial<Omit<ProfileRow, 'userId'>>, now: number) {
      tx.insert(userProfiles)
        .values({ userId, ...patch, updatedAt: now })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { ...patch, updatedAt: now } })
        .run();
    },
    avatarByFile: (file: string) => avatarByFile.get(file),
    findUserByUsername: (username: string) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .get(),
    findUserByEmail: (email: string) => db.select({ id: users.id }).from(users).where(eq(users.email, email)).get(),
    updateUser: (tx: Db, id: number, patch: Partial<typeof users.$inferInsert>) =>
      tx.update(users).set(patch).where(eq(users.id, id)).run(),

    search: (viewer: number, query: string, limit: number) => {
      const q = likeEscape(query.toLowerCase());
      return search.all({ viewer, pattern: `%${q}%`, prefix: `${q}%`, exact: query.toLowerCase(), limit });
    },
    online: (viewer: number, since: number, limit: number) => online.all({ viewer, since, limit }),
    onlineCount: (viewer: number, since: number) => onlineCount.get({ viewer, since })?.n ?? 0,

    activity: (userId: number, self: boolean, before: number, limit: number): ActivityRow[] =>
      (self ? activitySelf : activityPublic).all({ userId, before, limit }),
    historyRolls: (userId: number, beforeSeq: number, limit: number) => historyRolls.all({ userId, beforeSeq, limit }),
    lifetimeRolls: (userId: number) => lifetime.get(userId)?.n ?? 0,

    rollsInPeriod: (userId: number, since: number, until: number) => rollsInPeriod.all({ userId, since, until }),
    ledgerInPeriod: (userId: number, since: number, until: number) => ledgerInPeriod.all({ userId, since, until }),
    unlocksInPeriod: (userId: number, since: number, until: number) =>
      unlocksInPeriod.get({ userId, since, until })?.n ?? 0,
    /** Rolls and GOGO in and out per bucket; bucketMs 'month' buckets by calendar month (UTC). */
    series: (userId: number, since: number, until: number, bucketMs: number | 'month') =>
      bucketMs === 'month'
        ? seriesMonthly.all({ userId, since, until, size: 1 })
        : seriesFixed.all({ userId, since, until, size: bucketMs }),

    dailyRanks: (userId: number, since: number) => dailyRanks.all({ ...weights, userId, since }),

    exportRows: (userId: number) => ({
      gameState: exportStatements.gameState.get(userId),
      ledger: exportStatements.ledger.all(userId).map((r) => camelRow(r, ['user_id'])),
      rolls: exportStatements.rolls.all(userId).map((r) => camelRow(r)),
      fairnessSeeds: exportStatements.fairnessSeeds.all(userId).map((r) => camelRow(r)),
      achievements: exportStatements.achievements.all(userId).map((r) => camelRow(r, ['user_id'])),
      dailyLogins: exportStatements.dailyLogins.all(userId).map((r) => camelRow(r, ['user_id'])),
      dailyDiceClaims: exportStatements.dailyDiceClaims.all(userId).map((r) => camelRow(r, ['user_id'])),
      streaks: exportStatements.streaks.all(userId).map((r) => camelRow(r, ['user_id'])),
      playSessions: exportStatements.playSessions.all(userId).map((r) => camelRow(r, ['user_id'])),
    }),
    camelRow,
    /**
     * The player's money transactions, when the money module's table exists (it may not on every
     * branch): read defensively, only the allowed columns that the table really has.
     */
    moneyTransactions(userId: number): PlainRow[] {
      if (!hasTable('money_transactions')) return [];
      const present = new Set(columnsOf('money_transactions'));
      if (!present.has('user_id')) return [];
      const cols = money.allowed.filter((c) => present.has(c));
      if (cols.length === 0) return [];
      const order = present.has('id') ? 'id' : 'rowid';
      return sqlite
        .prepare<[number], Record<string, unknown>>(
          `SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM money_transactions WHERE user_id = ? ORDER BY ${order}`,
        )
        .all(userId)
        .map((r) => camelRow(r));
    },
    /** Pending money requests block a deletion (a held withdrawal must be settled first). */
    pendingMoneyCount(userId: number): number {
      if (!hasTable('money_transactions')) return 0;
      const present = new Set(columnsOf('money_transactions'));
      if (!present.has('user_id') || !present.has('status')) return 0;
      return (
        sqlite
          .prepare<[number], { n: number }>(
            "SELECT count(*) AS n FROM money_transactions WHERE user_id = ? AND status = 'pending'",
          )
          .get(userId)?.n ?? 0
      );
    },
    /** The referral row, when the referrals table exists: own code, the referrer by username only. */
    referral(userId: number): PlainRow | null {
      if (!hasTable('referrals')) return null;
      const present = new Set(columnsOf('referrals'));
      if (!present.has('user_id')) return null;
      const row = sqlite.prepare('SELECT * FROM referrals WHERE user_id = ?').get(userId) as
        Record<string, unknown> | undefined;
      const referredBy = present.has('referred_by')
        ? (sqlite.prepare('SELECT count(*) AS n FROM referrals WHERE referred_by = ?').get(userId) as { n: number }).n
        : 0;
      if (!row && referredBy === 0) return null;
      const referrerId = row && typeof row.referred_by === 'number' ? row.referred_by : null;
      const referrer =
        referrerId === null
          ? null
          : ((sqlite.prepare('SELECT username FROM users WHERE id = ?').get(referrerId) as { username: string })
              ?.username ?? null);
      const out: PlainRow = {};
      for (const key of ['code', 'referred_at', 'reward_paid_at', 'created_at']) {
        if (row && key in row) out[camel(key)] = row[key] as Scalar;
      }
      out.referrerUsername = referrer;
      out.playersReferred = referredBy;
      return out;
    },
    idempotencyKeys(userId: number): PlainRow[] {
      if (!hasTable('idempotency_keys')) return [];
      const present = new Set(columnsOf('idempotency_keys'));
      const cols = ['key', 'status_code', 'created_at'].filter((c) => present.has(c));
      if (!present.has('user_id') || cols.length === 0) return [];
      return sqlite
        .prepare<[number], Record<string, unknown>>(
          `SELECT ${cols.map((c) => `"${c}"`).join(', ')} FROM idempotency_keys WHERE user_id = ? ORDER BY rowid`,
        )
        .all(userId)
        .map((r) => camelRow(r));
    },
    /** Deletion: the device labels of play sessions are the only free text the game keeps. */
    forgetSessionDevices(_tx: Db, userId: number) {
      sqlite.prepare('UPDATE play_sessions SET device = NULL WHERE user_id = ?').run(userId);
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
