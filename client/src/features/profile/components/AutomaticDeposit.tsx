import type { AutomaticDeposit as Automatic } from '@gogo/shared/api';
import { chainText } from '@gogo/shared/messages';
import type { CryptoType } from '@gogo/shared/rules';
import { useChainDeposits } from '../api/wallet';
import { ReceivePanel } from './ReceivePanel';

/**
 * A coin the chain watcher credits by itself: the player's own address with its QR code, how many
 * confirmations it takes, and the transfers seen so far (the socket moves them along block by block).
 */
export function AutomaticDeposit({ crypto, info }: { crypto: CryptoType; info: Automatic }) {
  const deposits = useChainDeposits(true);
  const mine = (deposits.data?.deposits ?? []).filter((d) => d.coin === crypto);
  return (
    <div className="account-automatic" data-testid="automatic-deposit">
      <p className="account-automatic__badge">Automatic</p>
      <p>{chainText.automaticDepositHint(info.confirmations)}</p>
      <ReceivePanel crypto={crypto} address={info.address} exactAmount={null} />
      {mine.length > 0 ? (
        <ul className="account-automatic__list" aria-label={`Your ${crypto} deposits`}>
          {mine.map((d) => (
            <li key={d.id} data-testid="chain-deposit">
              <strong>
                {d.amount} {d.coin}
              </strong>{' '}
              {d.status === 'seen' ? chainText.seen(d.confirmations, d.requiredConfirmations) : 'Credited'}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
