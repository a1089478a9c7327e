import { REFERRAL_REWARD_GOGO, REFERRAL_ROLLS_REQUIRED, referralRewardDue } from '@gogo/shared/rules';
import type { AfterRollStep } from '../game/index.js';
import { lockGameState, postLedgerTx } from '../ledger/index.js';
import { publish } from '../../core/events.js';
import { referralsRepo as repo } from './repo.js';

/**
 * An after-roll step (the game service runs it inside the roll's transaction, which holds the friend's
 * state lock, with the friend's new lifetime roll count): once the referred friend has made 30
 * rolls, the referrer gets 100 GOGO, exactly once. The paid flag and the ledger entry are written in
 * the same transaction as the roll, so a roll that rolls back pays nothing, and a second call never
 * pays again. Before the 30th roll it runs no query at all (statements are defined once, in repo.ts).
 */
export const referralAfterRoll: AfterRollStep = async ({ tx, userId, totalRolls, now }) => {
  if (totalRolls < REFERRAL_ROLLS_REQUIRED) return;
  const row = await repo.byUser(tx, userId);
  if (!row || row.referredBy === null || !referralRewardDue(totalRolls, row.rewardPaidAt !== null)) return;
  if ((await repo.markRewardPaid(tx, userId, now)) !== 1) return;
  const referrer = await lockGameState(tx, row.referredBy, now);
  await postLedgerTx(
    tx,
    row.referredBy,
    [{ asset: 'GOGO', amount: REFERRAL_REWARD_GOGO, type: 'reward', reason: 'referral' }],
    now,
    { refType: 'referral', refId: userId },
    referrer,
  );
  publish(tx, { type: 'state', userId: row.referredBy });
};
