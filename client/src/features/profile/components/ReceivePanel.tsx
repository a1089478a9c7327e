import { useEffect, useState } from 'react';
import { walletText } from '@gogo/shared/messages';
import type { CryptoType } from '@gogo/shared/rules';
import { CopyButton } from '../../../components/CopyButton';
import './ReceivePanel.css';

/** The dark modules of a QR code as one SVG path (one 1x1 square per module). */
function qrPath(modules: { size: number; get: (row: number, col: number) => number | boolean }): string {
  let d = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
  }
  return d;
}

/**
 * A QR code of `value`, drawn as React SVG (no canvas, no innerHTML). The encoder is `qrcode`
 * (docs/decisions.md, issue 14), loaded on demand so that only the deposit tab pays for it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [shape, setShape] = useState<{ value: string; size: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ create }) => {
      const code = create(value, { errorCorrectionLevel: 'M' });
      if (live) setShape({ value, size: code.modules.size, d: qrPath(code.modules) });
    });
    return () => {
      live = false;
    };
  }, [value]);
  const ready = shape !== null && shape.value === value;
  const quiet = 2; // the quiet zone around the code, in modules
  const size = ready ? shape.size + quiet * 2 : 1;
  return (
    <svg
      className="account-qr"
      role="img"
      aria-label={label}
      data-testid="receive-qr"
      data-ready={ready ? 'true' : 'false'}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      {ready ? <path d={shape.d} fill="#000000" transform={`translate(${quiet} ${quiet})`} /> : null}
    </svg>
  );
}

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
