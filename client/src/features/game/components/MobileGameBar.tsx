import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { GearIcon, HomeIcon, StatsIcon, TrophyIcon, UserIcon } from './Icons';

/** The game's bottom bar on phones (spec section 2), every button wired to something useful. */
export function MobileGameBar({
  statsOpen,
  panelId,
  onToggleStats,
  onOpenSettings,
  onOpenLeaderboard,
}: {
  statsOpen: boolean;
  panelId: string;
  onToggleStats: () => void;
  onOpenSettings: () => void;
  onOpenLeaderboard: () => void;
}) {
  const navigate = useNavigate();
  return (
    <nav className="game-bar" aria-label="Game">
      <button type="button" onClick={() => navigate(paths.home)}>
        <HomeIcon />
        Home
      </button>
      <button
        type="button"
        aria-expanded={statsOpen}
        aria-controls={panelId}
        onClick={onToggleStats}
        className={statsOpen ? 'is-active' : ''}
      >
        <StatsIcon />
        Stats
      </button>
      <button type="button" onClick={onOpenSettings}>
        <GearIcon />
        Settings
      </button>
      <button type="button" onClick={() => navigate(paths.profile)}>
        <UserIcon />
        Profile
      </button>
      <button type="button" onClick={onOpenLeaderboard}>
        <TrophyIcon />
        Rankings
      </button>
    </nav>
  );
}
