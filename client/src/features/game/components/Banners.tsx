import { gameScreenText } from '@gogo/shared/messages/game';
import { RotatePhoneIcon } from './Icons';
import './Banners.css';

/** Shown by CSS only on a phone held sideways. */
export function OrientationBanner() {
  return (
    <div className="orientation-banner" role="note">
      <RotatePhoneIcon /> {gameScreenText.banners.orientation}
    </div>
  );
}

export function OfflineBanner() {
  return (
    <div className="offline-banner" role="alert">
      <strong>{gameScreenText.banners.offlineTitle}</strong> {gameScreenText.banners.offlineBody}
    </div>
  );
}
