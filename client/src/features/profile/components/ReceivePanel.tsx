import { walletText } from '@gogo/shared/messages';
import type { CryptoType } from '@gogo/shared/rules';
import { CopyButton } from '../../../components/CopyButton';
import { QrCode } from '../../../components/QrCode';
import './ReceivePanel.css';

interface Props {
  crypto: CryptoType;
  address: string;
  /** The exact amount to send ('0.00008334 BTC'), when it is known. */
  exactAmount: string | null;
}

/** Where to pay: the published receiving address with a copy button, its QR code, the exact amount. */
export function ReceivePanel({ crypto, address, exactAmount }: Props) {
  return (
    <div className="account-receive">
      <span className="account-receive__label">Send {crypto} to</span>
      <div className="account-receive__body">
        <QrCode value={address} label={walletText.qrLabel(crypto)} />
        <div className="account-receive__details">
          <div className="account-receive__row">
            <code className="account-receive__address" data-testid="receive-address">
              {address}
            </code>
            <CopyButton value={address} label={`Copy the ${crypto} deposit address`} />
          </div>
          {exactAmount ? (
            <p className="account-receive__exact" data-testid="send-exactly">
              {walletText.sendExactly(exactAmount)}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
