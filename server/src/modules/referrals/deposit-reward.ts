import { REFERRAL_REWARD_GOGO } from '@gogo/shared/rules';
import type { Tx } from '../../db/sql.js';
import { sharesOrigin } from '../auth/index.js';
import { lockGameState, postLedgerTx } from '../ledger/index.js';
import { depositsUnlockFreeWins } from '../withdrawal-rules/index.js';
import { publish } from '../../core/events.js';
import { referralsRepo as repo } from './repo.js';

/**
 * Pays the referrer once the referred player's approved deposits reach the minimum deposit in total
 * (the deposit that unlocks their free-play winnings), inside the transaction that credited the
 * deposit: a credit that rolls back pays nothing, and the paid flag is set once. A referred account
 * that shares a sign-up or login address or device with its referrer is most likely the referrer's
 * own: it pays nothing (the withdrawal risk score names the link), now or on a later deposit.
 */
export async function payReferralOnDeposit(tx: Tx, userId: number, now: number): Promise<boolean> {
  const owed = await repo.unpaidReferrer(tx, userId);
  if (owed === null) return false;
  if (!(await depositsUnlockFreeWins(tx, userId))) return false;
  if (await sharesOrigin(tx, userId, owed)) return false;
  if ((await repo.markRewardPaid(tx, userId, now)) !== 1) return false;
  const referrer = await lockGameState(tx, owed, now);
  await postLedgerTx(
    tx,
    owed,
    [{ asset: 'GOGO', amount: REFERRAL_REWARD_GOGO, type: 'reward', reason: 'referral' }],
    now,
    { refType: 'referral', refId: userId },
    referrer,
  );
  publish(tx, { type: 'state', userId: owed });
  return true;
}
