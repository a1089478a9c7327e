import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { LiveIndicator } from '../../../components/LiveIndicator';
import { GearIcon, LogoutIcon, ShieldIcon, TrophyIcon } from './Icons';

/** Top bar of the game screen: brand, who is playing, and the dialogs; logout always reachable. */
export function GameHeader({
  username,
  level,
  onOpenSettings,
  onOpenLeaderboard,
  onOpenFairness,
  onLogout,
}: {
  username: string;
  level: number | null;
  onOpenSettings: () => void;
  onOpenLeaderboard: () => void;
  onOpenFairness: () => void;
  onLogout: () => void;
}) {
  return (
    <header className="game-header">
      <Link to={paths.home} className="brand" aria-label="GOGO Board home">
        <span className="brand__mark" aria-hidden="true">
          G
        </span>
        <span className="game-header__brand-text">GOGO Board</span>
      </Link>
      <p className="game-header__player">
        Signed in as {username}
        {level !== null ? <span className="level-chip">Lv {level}</span> : null}
      </p>
      <div className="game-header__actions">
        <LiveIndicator />
        <button
          type="button"
          className="icon-button"
          onClick={onOpenFairness}
          aria-label="Provably fair"
          title="Provably fair"
        >
          <ShieldIcon />
        </button>
        <button
          type="button"
          className="icon-button icon-button--wide-only"
          onClick={onOpenLeaderboard}
          aria-label="Leaderboard"
          title="Leaderboard"
        >
          <TrophyIcon />
        </button>
        <button
          type="button"
          className="icon-button icon-button--wide-only"
          onClick={onOpenSettings}
          aria-label="Settings"
          title="Settings"
        >
          <GearIcon />
        </button>
        <button type="button" className="button button--ghost button--small logout-button" onClick={onLogout}>
          <LogoutIcon />
          Logout
        </button>
      </div>
    </header>
  );
}
