import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { gameScreenText } from '@gogo/shared/messages/game';
import { paths } from '../../../lib/paths';
import { LiveIndicator } from '../../../components/LiveIndicator';
import { appIcons } from '../../../components/appIcons';
import { Icon } from '../../../components/Icon';
import { BrandMark } from '../../../components/BrandMark';
import './GameHeader.css';

const text = gameScreenText.header;

/** Top bar of the game screen: brand, who is playing, and the dialogs; logout always reachable. */
export function GameHeader({
  username,
  level,
  onOpenSettings,
  onOpenLeaderboard,
  onOpenFairness,
  onLogout,
  extra,
}: {
  username: string;
  level: number | null;
  onOpenSettings: () => void;
  onOpenLeaderboard: () => void;
  onOpenFairness: () => void;
  onLogout: () => void;
  /** Buttons of other parts of the app (the events hub), first among the actions. */
  extra?: ReactNode;
}) {
  return (
    <header className="game-header">
      <Link to={paths.home} className="brand" aria-label={text.home}>
        <BrandMark />
        <span className="game-header__brand-text">{text.brand}</span>
      </Link>
      <p className="game-header__player">
        <span className="game-header__signed-in">{text.signedInAs} </span>
        <span className="game-header__name">{username}</span>
        {level !== null ? <span className="level-chip">{text.level(level)}</span> : null}
      </p>
      <div className="game-header__actions">
        <LiveIndicator />
        {extra}
        <button
          type="button"
          className="icon-button"
          onClick={onOpenFairness}
          aria-label={text.fairness}
          title={text.fairness}
        >
          <Icon name="shield" size={22} />
        </button>
        <button
          type="button"
          className="icon-button icon-button--wide-only"
          onClick={onOpenLeaderboard}
          aria-label={text.leaderboard}
          title={text.leaderboard}
        >
          <Icon name="trophy" size={22} />
        </button>
        <button
          type="button"
          className="icon-button icon-button--wide-only"
          onClick={onOpenSettings}
          aria-label={text.settings}
          title={text.settings}
        >
          <Icon glyph={appIcons.gear} size={22} />
        </button>
        <button type="button" className="button button--ghost button--small logout-button" onClick={onLogout}>
          <Icon glyph={appIcons.logout} size={22} />
          <span className="logout-button__text">{text.logout}</span>
        </button>
      </div>
    </header>
  );
}
