import { useNavigate } from 'react-router-dom';
import { attentionText } from '@gogo/shared/messages';
import { gameScreenText } from '@gogo/shared/messages/game';
import { paths } from '../../../lib/paths';
import { appIcons } from '../../../components/appIcons';
import { Icon } from '../../../components/Icon';
import './MobileGameBar.css';

const text = gameScreenText.bar;

/**
 * The one bottom bar of /game on phones: the signed-in tab bar's destinations (Home,
 * Play, Profile) and the game's own (Stats, Rankings, Settings). Play is this screen. In landscape
 * CSS turns it into a rail on the right edge.
 */
export function MobileGameBar({
  statsOpen,
  panelId,
  onToggleStats,
  onOpenSettings,
  onOpenLeaderboard,
  profileBadge = 0,
}: {
  /** What waits on the profile (friend requests, prizes, rewards to claim): a count on its button. */
  profileBadge?: number;
  statsOpen: boolean;
  panelId: string;
  onToggleStats: () => void;
  onOpenSettings: () => void;
  onOpenLeaderboard: () => void;
}) {
  const navigate = useNavigate();
  return (
    <nav className="game-bar" aria-label={text.label}>
      <button type="button" onClick={() => navigate(paths.home)}>
        <Icon name="home" size={22} />
        {text.home}
      </button>
      <button type="button" className="is-current" aria-current="page">
        <Icon name="dice" size={22} />
        {text.play}
      </button>
      <button
        type="button"
        aria-expanded={statsOpen}
        aria-controls={panelId}
        onClick={onToggleStats}
        className={statsOpen ? 'is-active' : ''}
      >
        <Icon glyph={appIcons.stats} size={22} />
        {text.stats}
      </button>
      <button type="button" onClick={onOpenLeaderboard}>
        <Icon name="trophy" size={22} />
        {text.rankings}
      </button>
      <button type="button" onClick={onOpenSettings}>
        <Icon glyph={appIcons.gear} size={22} />
        {text.settings}
      </button>
      <button
        type="button"
        className="game-bar__profile"
        onClick={() => navigate(paths.profile)}
        aria-label={profileBadge > 0 ? attentionText.profileWithBadge(text.profile, profileBadge) : undefined}
        data-testid="profile-tab"
      >
        <Icon name="user" size={22} />
        {text.profile}
        {profileBadge > 0 ? (
          <span className="tab-badge" aria-hidden="true" data-testid="profile-badge">
            {profileBadge > 9 ? '9+' : profileBadge}
          </span>
        ) : null}
      </button>
    </nav>
  );
}
