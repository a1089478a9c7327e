import { depositValueText } from '@gogo/shared/messages';
import { fromMinorUnits, isBelowMinimumDeposit, type CryptoType } from '@gogo/shared/rules';
import type { Tx } from '../../db/sql.js';
import { lockGameState, postLedgerTx } from '../ledger/index.js';
import { payReferralOnDeposit } from '../referrals/index.js';
import { publishMoneyRequest } from '../../core/events.js';
import { creditsRepo as repo, MONEY_TX_REF } from './repo.js';

/** A confirmed on-chain transfer to a player's own address, with its price at confirmation. */
export interface ChainCredit {
  userId: number;
  coin: CryptoType;
  /** The amount in minor units (MONEY_SCALE) of the coin, rounded down from its base units. */
  amountUnits: number;
  usdValueUnits: number;
  dice: number;
  fromAddress: string;
  /** Unique per chain, transaction and log: the tx hash, with ":<log index>" for a token transfer. */
  claim: string;
  /** What the player and admins see: the tx hash, with "#<log index>" for a token transfer. */
  reference: string;
}

/**
 * Records a confirmed on-chain deposit as an approved deposit, whatever its value, and credits its dice through the ledger,
 * inside the watcher's transaction. The (currency, hash) unique index refuses a second credit of the
 * same transfer, whatever raced. Answers the money request's id.
 */
export async function creditChainDeposit(tx: Tx, credit: ChainCredit, now: number): Promise<number> {
  await lockGameState(tx, credit.userId, now);
  const id = await repo.insertMoneyTx(tx, {
    userId: credit.userId,
    type: 'deposit',
    amountUnits: credit.amountUnits,
    currency: credit.coin,
    cryptoType: credit.coin,
    cryptoAmountUnits: null,
    usdValueUnits: credit.usdValueUnits,
    cryptoAddress: credit.fromAddress,
    txHash: credit.claim,
    hashCurrency: credit.coin,
    reference: credit.reference,
    note: null,
    diceRollsRequested: null,
    now,
  });
  const usd = fromMinorUnits(credit.usdValueUnits);
  // Dust is credited at its value (dice rounded down, possibly none) and says why it unlocks nothing.
  const dust = isBelowMinimumDeposit({ kind: 'deposit', usdValue: usd });
  const changed = await repo.closeMoneyTx(
    tx,
    id,
    {
      status: 'approved',
      reason: null,
      adminNote: (dust ? depositValueText.belowMinimumNote : depositValueText.creditedOnChain)(usd.toFixed(2)),
      diceRollsCredited: credit.dice,
      gogoCredited: 0,
      reviewedBy: null,
    },
    now,
  );
  if (changed !== 1) throw new Error(`chain deposit ${id} left pending before it was approved`);
  if (credit.dice > 0) {
    await postLedgerTx(
      tx,
      credit.userId,
      [{ asset: 'DICE', amount: credit.dice, type: 'deposit', reason: 'deposit_approved' }],
      now,
      { refType: MONEY_TX_REF, refId: id },
    );
  }
  await payReferralOnDeposit(tx, credit.userId, now);
  publishMoneyRequest(tx, { id, userId: credit.userId, type: 'deposit', status: 'approved' }, true);
  return id;
}
