import { useState } from 'react';
import { historyText, walletText } from '@gogo/shared/messages';
import { CRYPTO_TYPES, DICE_PURCHASE_STEP, MIN_DICE_PURCHASE, type CryptoType } from '@gogo/shared/rules';
import { Alert } from '../../../components/Alert';
import { Field } from '../../../components/Field';
import { messageForError } from '../../../lib/api/errors';
import { useDepositInfo } from '../api/depositInfo';
import { DepositForm } from './DepositForm';
import { DicePurchaseForm } from './DicePurchaseForm';
import { AutomaticDeposit } from './AutomaticDeposit';
import { ConnectWallet } from './ConnectWallet';

interface Props {
  diceMode: boolean;
  onDiceModeChange: (on: boolean) => void;
}

/** The coin to preselect: USDT if it can be paid in, else the first coin with an address. */
function preferredCoin(available: readonly CryptoType[]): CryptoType | null {
  return available.includes('USDT') ? 'USDT' : (available[0] ?? null);
}

/**
 * Deposit tab: a manual-verification deposit, or the dice purchase mode (?diceRolls=true). Only a
 * coin with a published receiving address can be chosen: the others are listed as closed.
 */
export function DepositTab({ diceMode, onDiceModeChange }: Props) {
  const info = useDepositInfo();
  const [chosen, setChosen] = useState<CryptoType | null>(null);
  const addresses = info.data?.addresses;
  const automatic = info.data?.automatic;
  // A coin the chain credits by itself (the player's own address) beats the shared address.
  const autoOf = (c: CryptoType) => (c === 'ETH' || c === 'USDT' || c === 'USDC' ? (automatic?.[c] ?? null) : null);
  const available = CRYPTO_TYPES.filter((c) => Boolean(addresses?.[c]) || Boolean(autoOf(c)));
  const closed = CRYPTO_TYPES.filter((c) => !available.includes(c));
  const crypto = chosen && available.includes(chosen) ? chosen : preferredCoin(available);
  const auto = crypto ? autoOf(crypto) : null;
  const address = crypto ? (addresses?.[crypto] ?? auto?.address ?? null) : null;
  return (
    <div className="account-section">
      <div className="segmented account-mode" role="group" aria-label="Deposit mode">
        <button
          type="button"
          className={diceMode ? '' : 'is-active'}
          aria-pressed={!diceMode}
          onClick={() => onDiceModeChange(false)}
        >
          Deposit
        </button>
        <button
          type="button"
          className={diceMode ? 'is-active' : ''}
          aria-pressed={diceMode}
          onClick={() => onDiceModeChange(true)}
        >
          Purchase Dice Rolls
        </button>
      </div>

      <div className="account-explainer">
        <h2>{diceMode ? 'Buy dice rolls with crypto' : 'Deposit crypto'}</h2>
        {auto && !diceMode ? (
          <p>
            {crypto} sent to your own address below is credited by itself once the chain has confirmed it: no form, no
            waiting for an admin. The other coins are verified by hand.
          </p>
        ) : (
          <p>
            Deposits are verified by hand. Send the crypto to the address below, then submit this form so that we can
            match your transfer. Nothing is credited until an admin has checked it; the request shows as{' '}
            <em>pending</em> in your transaction history until then.
          </p>
        )}
        {diceMode ? (
          <p>
            1 USD buys {DICE_PURCHASE_STEP} dice rolls. Buy at least {MIN_DICE_PURCHASE}, in steps of{' '}
            {DICE_PURCHASE_STEP}.
          </p>
        ) : null}
      </div>

      {info.isPending ? <p className="account-empty">{historyText.loading}</p> : null}
      {info.isError ? <Alert kind="error">{messageForError(info.error)}</Alert> : null}
      {info.isSuccess && (!crypto || !address) ? (
        <p className="alert alert--error" role="alert" data-testid="no-coin">
          {walletText.noCoinAvailable}
        </p>
      ) : null}
      {crypto && address ? (
        <>
          <Field
            label="Currency"
            hint={
              closed.length > 0 ? (
                <span data-testid="closed-coins">{walletText.unavailableCoinsNote(closed.join(', '))}</span>
              ) : undefined
            }
          >
            {(props) => (
              <select {...props} value={crypto} onChange={(e) => setChosen(e.target.value as CryptoType)}>
                {CRYPTO_TYPES.map((c) => (
                  <option key={c} value={c} disabled={!available.includes(c)}>
                    {available.includes(c) ? c : `${c} (not available yet)`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {diceMode ? (
            <DicePurchaseForm key={`dice-${crypto}`} crypto={crypto} address={address} />
          ) : auto ? (
            <AutomaticDeposit crypto={crypto} info={auto} />
          ) : (
            <DepositForm crypto={crypto} address={address} />
          )}
        </>
      ) : null}
      <ConnectWallet />
    </div>
  );
}
