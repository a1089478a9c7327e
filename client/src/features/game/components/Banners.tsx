import { gameScreenText } from '@gogo/shared/messages/game';
import { appIcons } from '../../../components/appIcons';
import { Icon } from '../../../components/Icon';
import './Banners.css';

/** Shown by CSS only on a phone held sideways. */
export function OrientationBanner() {
  return (
    <div className="orientation-banner" role="note">
      <Icon glyph={appIcons.rotatePhone} size={18} /> {gameScreenText.banners.orientation}
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
