import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { gogoValueText, siteText } from '@gogo/shared/messages';
import { Icon } from '../../components/Icon';
import { useFocusTrap } from '../../components/useFocusTrap';
import { paths } from '../../lib/paths';
import { formatLaunchDate, formatUsd } from '../../lib/plainFormat';
import { formatCount } from '@gogo/shared/messages';
import { usePublicConfig } from '../../lib/siteConfig';
import { useSession } from '../../lib/session';
import { useAuthModal } from '../../session/AuthModalProvider';
import { useBalance } from './api';
import { Countdown } from './Countdown';
import { launchReasons } from './content';
import { useGogoValue } from '../../lib/gogoValue';
import './TokenLaunchModal.css';

export function TokenLaunchModal({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const { user, token } = useSession();
  const signedIn = user !== null || token !== null;
  const { data: config, isError: configFailed } = usePublicConfig();
  const value = useGogoValue();
  const balance = useBalance(signedIn);
  useFocusTrap(dialogRef);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const keepPlaying = () => {
    onClose();
    if (signedIn) navigate(paths.game);
    else authModal.open('register');
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        className="modal launch-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialogRef}
        data-testid="launch-modal"
      >
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <p className="launch-modal__eyebrow">Token launch</p>
        <h2 id={titleId} className="modal__title">
          GOGO Token Launch
        </h2>
        <p className="modal__subtitle">
          {config && value
            ? value.launched
              ? gogoValueText.launchedOn(formatLaunchDate(config.launchAt))
              : `Announced for ${formatLaunchDate(config.launchAt)}.`
            : configFailed
              ? ''
              : 'Loading the launch date…'}
        </p>
        <Countdown launchAt={config?.launchAt} label="Time left until the token launch" compact />

        <section className="launch-modal__balance" aria-label="Your GOGO">
          {signedIn ? (
            balance.isSuccess && value ? (
              <dl className="launch-stats">
                <div>
                  <dt>Your balance</dt>
                  <dd data-testid="launch-balance">{formatCount(balance.data)} GOGO</dd>
                </div>
                <div>
                  <dt>{gogoValueText.valueLabel}</dt>
                  <dd data-testid="launch-potential">{formatUsd(value.valueOf(balance.data))}</dd>
                </div>
              </dl>
            ) : balance.isError ? (
              <p className="launch-modal__note">Your balance could not be loaded right now. Please try again later.</p>
            ) : (
              <p className="launch-modal__note">Loading your balance…</p>
            )
          ) : (
            <p className="launch-modal__note">
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onClose();
                  authModal.open('login');
                }}
              >
                Log in
              </button>{' '}
              to see your GOGO balance and its potential value.
            </p>
          )}
        </section>

        {value && (
          <p className="launch-modal__note" data-testid="launch-value-line">
            {value.line}
          </p>
        )}
        {config && value?.launched && (
          <div className="launch-prices" aria-label="Price of one GOGO">
            <div className="launch-price launch-price--target">
              <span className="launch-price__label">{gogoValueText.redemptionLabel}</span>
              <span className="launch-price__value" data-testid="redemption-price">
                {value.price}
              </span>
              <span className="launch-price__hint">{gogoValueText.redemptionHint}</span>
            </div>
          </div>
        )}
        {config && value && !value.launched && (
          <div className="launch-prices" aria-label="Price of one GOGO">
            <div className="launch-price">
              <span className="launch-price__label">Current price</span>
              <span className="launch-price__value" data-testid="current-price">
                {formatUsd(config.currentPriceUsd)}
              </span>
              <span className="launch-price__hint">not traded yet</span>
            </div>
            <span className="launch-prices__arrow" aria-hidden="true">
              <Icon name="arrowRight" />
            </span>
            <div className="launch-price launch-price--target">
              <span className="launch-price__label">Launch price</span>
              <span className="launch-price__value" data-testid="launch-price">
                {formatUsd(config.launchPriceUsd)}
              </span>
              <span className="launch-price__hint">per GOGO, announced</span>
            </div>
          </div>
        )}

        <h3 className="launch-modal__heading">Why collect now</h3>
        <ul className="launch-reasons">
          {launchReasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <p className="launch-modal__fineprint">
          GOGO are off-chain game credits. The launch price is an announcement, not a promise: GOGO have no guaranteed
          value, and we will never ask for your wallet keys.
        </p>
        <button type="button" className="button button--primary button--block" onClick={keepPlaying}>
          {signedIn ? siteText.keepPlaying : siteText.startPlaying}
        </button>
      </div>
    </div>
  );
}
