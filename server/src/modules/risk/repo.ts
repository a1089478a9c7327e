import { sql, type Queryable } from '../../db/sql.js';
import type { RiskFacts } from './score.js';

const DAY = 86_400_000;
/** At most this many linked accounts are read per withdrawal: enough to judge, bounded in cost. */
const LINK_LIMIT = 20;

const pendingWithdrawal = sql<
  { id: number },
  { id: number; userId: number; requestedAt: number; userCreatedAt: number }
>(
  `SELECT m.id, m.user_id AS "userId", m.created_at AS "requestedAt", u.created_at AS "userCreatedAt"
   FROM money_transactions m JOIN users u ON u.id = m.user_id
   WHERE m.id = :id AND m.type = 'withdrawal' AND m.status = 'pending'`,
);

// account_addresses_unique (user_id, ...) finds the player's rows; account_addresses_ip / _device the
// others'; money_tx_user_time (user_id, created_at) answers "has this account ever withdrawn".
const sharingAddress = sql<{ userId: number; limit: number }, { userId: number; username: string }>(
  `SELECT DISTINCT o.user_id AS "userId", u.username
   FROM account_addresses mine
   JOIN account_addresses o ON o.ip = mine.ip AND o.user_id <> mine.user_id
   JOIN users u ON u.id = o.user_id
   WHERE mine.user_id = :userId
     AND EXISTS (SELECT 1 FROM money_transactions w WHERE w.user_id = o.user_id AND w.type = 'withdrawal')
   ORDER BY o.user_id LIMIT :limit`,
);
const sharingDevice = sql<{ userId: number; limit: number }, { userId: number; username: string }>(
  `SELECT DISTINCT o.user_id AS "userId", u.username
   FROM account_addresses mine
   JOIN account_addresses o ON o.device_id = mine.device_id AND o.user_id <> mine.user_id
   JOIN users u ON u.id = o.user_id
   WHERE mine.user_id = :userId AND mine.device_id <> ''
     AND EXISTS (SELECT 1 FROM money_transactions w WHERE w.user_id = o.user_id AND w.type = 'withdrawal')
   ORDER BY o.user_id LIMIT :limit`,
);
const referrerOf = sql<{ userId: number }, { referredBy: number | null }>(
  'SELECT referred_by AS "referredBy" FROM referrals WHERE user_id = :userId',
);
// The player's referrer and referred friends seen at one of the player's addresses or devices.
const referralsSameOrigin = sql<{ userId: number; limit: number }, { userId: number; username: string }>(
  `SELECT DISTINCT o.user_id AS "userId", u.username
   FROM referrals r
   JOIN account_addresses o ON o.user_id = CASE WHEN r.user_id = :userId THEN r.referred_by ELSE r.user_id END
   JOIN account_addresses mine ON mine.user_id = :userId
     AND (mine.ip = o.ip OR (mine.device_id = o.device_id AND mine.device_id <> ''))
   JOIN users u ON u.id = o.user_id
   WHERE (r.user_id = :userId AND r.referred_by IS NOT NULL) OR r.referred_by = :userId
   ORDER BY o.user_id LIMIT :limit`,
);
const approvedDeposits = sql<{ userId: number }, { n: number }>(
  `SELECT count(*) AS n FROM money_transactions
   WHERE user_id = :userId AND type IN ('deposit', 'purchase') AND status IN ('approved', 'completed')`,
);
// One pass over the player's ledger rows (ledger_user_time): board wins, bonuses, dice by origin.
const earnings = sql<
  { userId: number },
  { playGogo: number | null; bonusGogo: number | null; freeDice: number | null; paidDice: number | null }
>(
  `SELECT
     sum(CASE WHEN asset = 'GOGO' AND amount > 0 AND (reason LIKE 'tile%' OR reason = 'lap') THEN amount ELSE 0 END) AS "playGogo",
     sum(CASE WHEN asset = 'GOGO' AND amount > 0 AND (reason IN ('daily_login', 'referral') OR reason LIKE 'achievement%')
         THEN amount ELSE 0 END) AS "bonusGogo",
     sum(CASE WHEN asset = 'DICE' AND amount > 0 AND reason <> 'deposit_approved' THEN amount ELSE 0 END) AS "freeDice",
     sum(CASE WHEN asset = 'DICE' AND amount > 0 AND reason = 'deposit_approved' THEN amount ELSE 0 END) AS "paidDice"
   FROM ledger_entries WHERE user_id = :userId`,
);
const withdrawalsSince = sql<{ userId: number; since: number; until: number }, { n: number }>(
  `SELECT count(*) AS n FROM money_transactions
   WHERE user_id = :userId AND created_at >= :since AND created_at <= :until AND type = 'withdrawal'`,
);
const firstWithdrawal = sql<{ userId: number }, { at: number | null }>(
  `SELECT min(created_at) AS at FROM money_transactions WHERE user_id = :userId AND type = 'withdrawal'`,
);

const n = (v: unknown) => Number(v ?? 0);

/** The facts of one pending withdrawal, or null when it is not (or no longer) pending. */
export async function readRiskFacts(q: Queryable, id: number): Promise<RiskFacts | null> {
  const w = await q.get(pendingWithdrawal, { id });
  if (!w) return null;
  const userId = n(w.userId);
  const requestedAt = n(w.requestedAt);
  const sharedAddress = await q.all(sharingAddress, { userId, limit: LINK_LIMIT });
  const sharedDevice = await q.all(sharingDevice, { userId, limit: LINK_LIMIT });
  // Referral links inside the group: each member's referrer (a primary-key read), kept when a member too.
  const group = new Set([userId, ...sharedAddress.map((a) => n(a.userId)), ...sharedDevice.map((a) => n(a.userId))]);
  const referralLinks: RiskFacts['referralLinks'] = [];
  if (group.size > 1) {
    for (const member of group) {
      const row = await q.get(referrerOf, { userId: member });
      const by = row?.referredBy == null ? null : n(row.referredBy);
      if (by !== null && group.has(by)) referralLinks.push({ userId: member, referredBy: by });
    }
  }
  const sameOrigin = await q.all(referralsSameOrigin, { userId, limit: LINK_LIMIT });
  const money = await q.get(approvedDeposits, { userId });
  const earned = await q.get(earnings, { userId });
  const recent = await q.get(withdrawalsSince, { userId, since: requestedAt - 7 * DAY, until: requestedAt });
  const first = await q.get(firstWithdrawal, { userId });
  const account = (a: { userId: number; username: string }) => ({ userId: n(a.userId), username: a.username });
  return {
    transactionId: n(w.id),
    userId,
    requestedAt,
    userCreatedAt: n(w.userCreatedAt),
    sharedAddress: sharedAddress.map(account),
    sharedDevice: sharedDevice.map(account),
    referralLinks,
    referralsSameOrigin: sameOrigin.map(account),
    approvedDeposits: n(money?.n),
    playGogo: n(earned?.playGogo),
    bonusGogo: n(earned?.bonusGogo),
    freeDice: n(earned?.freeDice),
    paidDice: n(earned?.paidDice),
    withdrawalsLast7d: n(recent?.n),
    firstWithdrawalAt: first?.at == null ? requestedAt : n(first.at),
  };
}
