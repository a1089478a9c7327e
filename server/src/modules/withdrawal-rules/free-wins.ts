import { sql, type Queryable } from '../../db/sql.js';

const approvedDeposit = sql<{ userId: number }, { one: number }>(
  `SELECT 1 AS one FROM money_transactions
   WHERE user_id = :userId AND type IN ('deposit', 'purchase') AND status IN ('approved', 'completed') LIMIT 1`,
);
// GOGO won in free play (board wins, laps, bonuses, achievements, referral rewards, and the prizes of
// play: events, daily challenges, the friends race, a completed board); served by ledger_user_time.
const freeWins = sql<{ userId: number }, { gogo: number | null }>(
  `SELECT sum(amount) AS gogo FROM ledger_entries
   WHERE user_id = :userId AND asset = 'GOGO' AND amount > 0
     AND (reason LIKE 'tile%' OR reason = 'lap' OR reason LIKE 'achievement%' OR reason IN ('daily_login', 'referral')
       OR reason LIKE 'event_prize:%' OR reason LIKE 'challenge%' OR reason LIKE 'friends_race:%'
       OR reason LIKE 'board_complete:%')`,
);

/**
 * The part of a balance the player may withdraw. With WITHDRAW_FREE_WINS_AFTER_DEPOSIT on, GOGO won
 * with free dice stays in the game until the player's first approved deposit or dice purchase: a
 * farm of free accounts then has nothing to cash out. Other GOGO (an admin's grant) is withdrawable.
 */
export async function withdrawableOf(
  q: Queryable,
  userId: number,
  balance: number,
  freeWinsNeedDeposit: boolean,
): Promise<number> {
  if (!freeWinsNeedDeposit || balance <= 0) return Math.max(0, balance);
  if (await q.get(approvedDeposit, { userId })) return balance;
  const won = Number((await q.get(freeWins, { userId }))?.gogo ?? 0);
  return Math.max(0, balance - won);
}
