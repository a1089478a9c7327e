import { REFERRAL_REWARD_GOGO, referralRewardDue } from '@gogo/shared/rules';
import type { AfterRollStep } from '../game/index.js';
import type { Read } from '../../db/sql.js';
import { lockGameState, postLedgerTx } from '../ledger/index.js';
import { publish } from '../../core/events.js';
import { referralsRepo as repo } from './repo.js';

/**
 * An after-roll step (the game service runs it inside the roll's transaction, which holds the friend's
 * state lock, with the friend's new lifetime roll count): once the referred friend has made 30
 * rolls, the referrer gets 100 GOGO, exactly once. The paid flag and the ledger entry are written in
 * the same transaction as the roll, so a roll that rolls back pays nothing, and a second call never
 * pays again (the flag is set only where it was unset). Whether a reward is still owed is read with
 * the roll's own reads; a roll that owes none runs no statement of this step.
 */
export const referralAfterRoll: AfterRollStep<readonly [Read<number | null>]> = {
  reads: (userId) => [repo.unpaidReferrerRead(userId)] as const,
  async run({ tx, userId, totalRolls, now }, [referredBy]) {
    if (referredBy === null || !referralRewardDue(totalRolls, false)) return;
    if ((await repo.markRewardPaid(tx, userId, now)) !== 1) return;
    const referrer = await lockGameState(tx, referredBy, now);
    await postLedgerTx(
      tx,
      referredBy,
      [{ asset: 'GOGO', amount: REFERRAL_REWARD_GOGO, type: 'reward', reason: 'referral' }],
      now,
      { refType: 'referral', refId: userId },
      referrer,
    );
    publish(tx, { type: 'state', userId: referredBy });
  },
};
