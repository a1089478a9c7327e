import { REFERRAL_REWARD_GOGO, referralRewardDue } from '@gogo/shared/rules';
import type { Db } from '../../db/client.js';
import { ensureGameState, postLedger } from '../ledger/ledger.js';
import { referralsRepo as repo } from './repo.js';

/**
 * An after-roll hook (the engine calls it inside the roll's transaction with the friend's new
 * totalRolls): once the referred friend has made 30 rolls, the referrer gets 100 GOGO, exactly once.
 * The paid flag and the ledger entry are written in the same transaction as the roll, so a roll that
 * rolls back pays nothing, and a second call never pays again.
 */
export function referralAfterRollHook(db: Db, userId: number, totalRolls: number, now: number): void {
  const row = repo.byUser(db, userId);
  if (!row || row.referredBy === null || !referralRewardDue(totalRolls, row.rewardPaidAt !== null)) return;
  if (repo.markRewardPaid(db, userId, now) !== 1) return;
  ensureGameState(db, row.referredBy, now);
  postLedger(
    db,
    row.referredBy,
    [{ asset: 'GOGO', amount: REFERRAL_REWARD_GOGO, type: 'reward', reason: 'referral' }],
    now,
    {
      refType: 'referral',
      refId: userId,
    },
  );
}
