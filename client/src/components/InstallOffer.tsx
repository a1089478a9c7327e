import { useReducer } from 'react';
import { appText } from '@gogo/shared/messages';
import { useInstallOffer } from '../lib/pwa';
import './install-offer.css';

/** A small, dismissable card that offers to install the app; nothing when the browser cannot. */
export function InstallOffer() {
  const { available, install, dismiss } = useInstallOffer();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (!available) return null;
  return (
    <aside className="install-offer" aria-labelledby="install-offer-title" data-testid="install-offer">
      <img className="install-offer__icon" src="/generated/icons/icon-192.png" alt="" width={48} height={48} />
      <div className="install-offer__text">
        <h2 id="install-offer-title">{appText.installTitle}</h2>
        <p>{appText.installBody}</p>
      </div>
      <div className="install-offer__actions">
        <button type="button" className="button button--primary" onClick={() => void install().then(rerender)}>
          {appText.installAccept}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            dismiss();
            rerender();
          }}
        >
          {appText.installDismiss}
        </button>
      </div>
    </aside>
  );
}
