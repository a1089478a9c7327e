import { freeWinsUnlocked, fromMinorUnits } from '@gogo/shared/rules';
import { sql, type Queryable } from '../../db/sql.js';

// The player's approved payments with their USD value when credited; served by money_tx_user_time.
const approvedPayments = sql<{ userId: number }, { kind: 'deposit' | 'purchase'; usdValueUnits: number | null }>(
  `SELECT type AS kind, usd_value_units AS "usdValueUnits" FROM money_transactions
   WHERE user_id = :userId AND type IN ('deposit', 'purchase') AND status IN ('approved', 'completed')`,
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

/** True when the player's approved deposits and purchases reach the minimum deposit in total. */
export async function depositsUnlockFreeWins(q: Queryable, userId: number): Promise<boolean> {
  const payments = (await q.all(approvedPayments, { userId })).map((p) => ({
    kind: p.kind,
    usdValue: p.usdValueUnits === null ? null : fromMinorUnits(Number(p.usdValueUnits)),
  }));
  return freeWinsUnlocked(payments);
}

/**
 * The part of a balance the player may withdraw. With WITHDRAW_FREE_WINS_AFTER_DEPOSIT on, GOGO won
 * with free dice stays in the game until the player's approved deposits and dice purchases reach the
 * minimum deposit in total (freeWinsUnlocked): a farm of free accounts, or one that sends dust to
 * its own address, then has nothing to cash out. Other GOGO (an admin's grant) is withdrawable.
 */
export async function withdrawableOf(
  q: Queryable,
  userId: number,
  balance: number,
  freeWinsNeedDeposit: boolean,
): Promise<number> {
  if (!freeWinsNeedDeposit || balance <= 0) return Math.max(0, balance);
  if (await depositsUnlockFreeWins(q, userId)) return balance;
  const won = Number((await q.get(freeWins, { userId }))?.gogo ?? 0);
  return Math.max(0, balance - won);
}
