import { sql, type Queryable, type Tx } from '../../db/sql.js';
import type { Row } from '../../db/schema/rows.js';

export type ReferralRow = Row<'referrals'>;

const COLUMNS = `user_id AS "userId", code, referred_by AS "referredBy", referred_at AS "referredAt",
  reward_paid_at AS "rewardPaidAt", created_at AS "createdAt"`;

const byUser = sql<{ userId: number }, ReferralRow>(`SELECT ${COLUMNS} FROM referrals WHERE user_id = :userId`);
/** Who referred the player, while the reward is still unpaid. */
const unpaidReferrer = sql<{ userId: number }, { referredBy: number }>(
  `SELECT referred_by AS "referredBy" FROM referrals
   WHERE user_id = :userId AND referred_by IS NOT NULL AND reward_paid_at IS NULL`,
);
// The rows of a referral chain are locked while it is walked, so two applications that would close
// a loop together queue, and the second sees the first's link (PostgreSQL; SQLite serialises writes).
const lockByUser = sql<{ userId: number }, ReferralRow>(
  `SELECT ${COLUMNS} FROM referrals WHERE user_id = :userId {forUpdate}`,
);
const byCode = sql<{ code: string }, ReferralRow>(`SELECT ${COLUMNS} FROM referrals WHERE code = :code`);
const isDeleted = sql<{ userId: number }, { one: number }>(
  'SELECT 1 AS one FROM user_profiles WHERE user_id = :userId AND deleted_at IS NOT NULL',
);
const insert = sql<{ userId: number; code: string; now: number }>(
  `INSERT INTO referrals (user_id, code, created_at) VALUES (:userId, :code, :now) ON CONFLICT DO NOTHING`,
);
const setReferrer = sql<{ userId: number; referredBy: number; now: number }>(
  `UPDATE referrals SET referred_by = :referredBy, referred_at = :now
   WHERE user_id = :userId AND referred_by IS NULL`,
);
const markRewardPaid = sql<{ userId: number; now: number }>(
  `UPDATE referrals SET reward_paid_at = :now
   WHERE user_id = :userId AND reward_paid_at IS NULL AND referred_by IS NOT NULL`,
);
const username = sql<{ userId: number }, { username: string }>('SELECT username FROM users WHERE id = :userId');
const friends = sql<
  { referrerId: number },
  { username: string; referredAt: number | null; totalRolls: number; rewardPaidAt: number | null }
>(
  `SELECT u.username AS username, r.referred_at AS "referredAt", coalesce(g.total_rolls, 0) AS "totalRolls",
     r.reward_paid_at AS "rewardPaidAt"
   FROM referrals r JOIN users u ON u.id = r.user_id LEFT JOIN game_states g ON g.user_id = r.user_id
   WHERE r.referred_by = :referrerId ORDER BY r.referred_at DESC, r.user_id DESC`,
);
const counts = sql<{ referrerId: number }, { referred: number; rewarded: number }>(
  'SELECT count(*) AS referred, count(reward_paid_at) AS rewarded FROM referrals WHERE referred_by = :referrerId',
);
const rewardTotal = sql<{ userId: number }, { total: number }>(
  `SELECT coalesce(sum(amount), 0) AS total FROM ledger_entries
   WHERE user_id = :userId AND asset = 'GOGO' AND reason = 'referral'`,
);

/** Every query about referrals, on the transaction or reader given. */
export const referralsRepo = {
  byUser: (q: Queryable, userId: number) => q.get(byUser, { userId }),
  /** The referrer still owed the reward for this player, or null. */
  unpaidReferrer: async (q: Queryable, userId: number) => {
    const row = await q.get(unpaidReferrer, { userId });
    return row === undefined ? null : Number(row.referredBy);
  },
  lockByUser: (tx: Tx, userId: number) => tx.get(lockByUser, { userId }),
  byCode: (q: Queryable, code: string) => q.get(byCode, { code }),
  /** A deleted account's code is dead: it can neither be applied nor earn a reward. */
  isDeleted: async (q: Queryable, userId: number) => (await q.get(isDeleted, { userId })) !== undefined,
  /** 1 when inserted; 0 when the player has a row already or the code is taken (unique indexes). */
  insert: (tx: Tx, userId: number, code: string, now: number) => tx.run(insert, { userId, code, now }),
  /** 1 when set; 0 when the player had applied a code already. */
  setReferrer: (tx: Tx, userId: number, referredBy: number, now: number) =>
    tx.run(setReferrer, { userId, referredBy, now }),
  /** Marks the reward paid; 0 rows changed when it was paid already (the flag is set once). */
  markRewardPaid: (tx: Tx, userId: number, now: number) => tx.run(markRewardPaid, { userId, now }),
  username: async (q: Queryable, userId: number) => (await q.get(username, { userId }))?.username ?? null,
  friends: (q: Queryable, referrerId: number) => q.all(friends, { referrerId }),
  counts: async (q: Queryable, referrerId: number) =>
    (await q.get(counts, { referrerId })) ?? { referred: 0, rewarded: 0 },
  rewardTotal: async (q: Queryable, userId: number) => (await q.get(rewardTotal, { userId }))?.total ?? 0,
};
