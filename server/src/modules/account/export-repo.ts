import { sql, type Queryable } from '../../db/sql.js';

/** A player's own rows, read for the data export (snake_case columns turned into the API's camelCase). */
type Scalar = string | number | boolean | null;
export type PlainRow = Record<string, Scalar>;
type Raw = Record<string, unknown>;

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

/** The row with camelCase keys; `only` keeps just those columns, `omit` drops some. */
export function camelRow(row: Raw, opts: { omit?: readonly string[]; only?: readonly string[] } = {}): PlainRow {
  const out: PlainRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (opts.omit?.includes(key) || (opts.only && !opts.only.includes(key))) continue;
    out[camel(key)] = value instanceof Buffer ? value.toString('hex') : (value as Scalar);
  }
  return out;
}

// Whole rows on purpose: the export is "everything we hold about you", so a column added later is
// exported without a change here. Each table is the player's own (user_id) and read in a stable order.
const own = (table: string, orderBy: string) =>
  sql<{ userId: number }, Raw>(`SELECT * FROM ${table} WHERE user_id = :userId ORDER BY ${orderBy}`);
const statements = {
  gameState: own('game_states', 'user_id'),
  ledger: own('ledger_entries', 'id'),
  achievements: own('achievement_unlocks', 'id'),
  dailyLogins: own('daily_logins', 'id'),
  dailyDiceClaims: own('daily_dice_claims', 'id'),
  streaks: own('streaks', 'kind'),
  playSessions: own('play_sessions', 'id'),
  moneyTransactions: own('money_transactions', 'id'),
  idempotencyKeys: own('idempotency_keys', 'id'),
  referral: own('referrals', 'user_id'),
};
const rolls = sql<{ userId: number }, Raw>(
  `SELECT id, seq, seed_id, client_seed, nonce, die, from_position, to_position, tile_id, raw_reward,
     applied_reward, achievement_reward, is_jackpot, request_id, created_at
   FROM rolls WHERE user_id = :userId ORDER BY seq`,
);
// The active server seed stays secret (it would tell the next rolls): only revealed seeds show it.
const fairnessSeeds = sql<{ userId: number }, Raw>(
  `SELECT id, seed_index, CASE WHEN revealed_at IS NOT NULL THEN server_seed END AS server_seed,
     server_seed_hash, client_seed, CASE WHEN revealed_at IS NULL
       THEN coalesce((SELECT g.rolls_served FROM game_states g WHERE g.user_id = :userId), 0) - served_before
       ELSE next_nonce END AS next_nonce, created_at, revealed_at
   FROM fairness_seeds WHERE user_id = :userId ORDER BY seed_index`,
);
const referredCount = sql<{ userId: number }, { n: number }>(
  'SELECT count(*) AS n FROM referrals WHERE referred_by = :userId',
);
const usernameOf = sql<{ id: number }, { username: string }>('SELECT username FROM users WHERE id = :id');
const pendingMoney = sql<{ userId: number }, { n: number }>(
  "SELECT count(*) AS n FROM money_transactions WHERE user_id = :userId AND status = 'pending'",
);

/** Columns a money transaction row may export: its own facts, never the reviewing admin's id. */
const MONEY_COLUMNS = [
  'id',
  'type',
  'amount',
  'currency',
  'crypto_type',
  'crypto_amount',
  'usd_value',
  // The same amounts where the money module stores them exactly, in integer minor units.
  'amount_units',
  'crypto_amount_units',
  'usd_value_units',
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
];

export const exportRepo = {
  async rows(q: Queryable, userId: number) {
    const p = { userId };
    const all = (statement: (typeof statements)[keyof typeof statements]) => q.all(statement, p);
    const [gameState, ledger, rollRows, seeds, achievements, dailyLogins, dailyDiceClaims, streaks, sessions] =
      await Promise.all([
        all(statements.gameState),
        all(statements.ledger),
        q.all(rolls, p),
        q.all(fairnessSeeds, p),
        all(statements.achievements),
        all(statements.dailyLogins),
        all(statements.dailyDiceClaims),
        all(statements.streaks),
        all(statements.playSessions),
      ]);
    const mine = { omit: ['user_id'] };
    return {
      gameState: gameState[0] ? camelRow(gameState[0], mine) : null,
      ledger: ledger.map((r) => camelRow(r, mine)),
      rolls: rollRows.map((r) => camelRow(r)),
      fairnessSeeds: seeds.map((r) => camelRow(r)),
      achievements: achievements.map((r) => camelRow(r, mine)),
      dailyLogins: dailyLogins.map((r) => camelRow(r, mine)),
      dailyDiceClaims: dailyDiceClaims.map((r) => camelRow(r, mine)),
      streaks: streaks.map((r) => camelRow(r, mine)),
      playSessions: sessions.map((r) => camelRow(r, mine)),
    };
  },
  moneyTransactions: async (q: Queryable, userId: number) =>
    (await q.all(statements.moneyTransactions, { userId })).map((r) => camelRow(r, { only: MONEY_COLUMNS })),
  /** The answers kept for retried spends: the key, its status and time (not the stored body). */
  idempotencyKeys: async (q: Queryable, userId: number) =>
    (await q.all(statements.idempotencyKeys, { userId })).map((r) =>
      camelRow(r, { only: ['key', 'status_code', 'created_at'] }),
    ),
  /** The referral row: own code, the referrer by username only, how many players the player referred. */
  async referral(q: Queryable, userId: number): Promise<PlainRow | null> {
    const [row] = await q.all(statements.referral, { userId });
    const referred = (await q.get(referredCount, { userId }))?.n ?? 0;
    if (!row && referred === 0) return null;
    const referrerId = row && typeof row.referred_by === 'number' ? row.referred_by : null;
    const referrer = referrerId === null ? null : ((await q.get(usernameOf, { id: referrerId }))?.username ?? null);
    return {
      ...(row ? camelRow(row, { only: ['code', 'referred_at', 'reward_paid_at', 'created_at'] }) : {}),
      referrerUsername: referrer,
      playersReferred: referred,
    };
  },
  /** Pending money requests block a deletion (a held withdrawal must be settled first). */
  pendingMoneyCount: async (q: Queryable, userId: number) => (await q.get(pendingMoney, { userId }))?.n ?? 0,
  /** Deletion: the device labels of play sessions are the only free text the game keeps. */
};
