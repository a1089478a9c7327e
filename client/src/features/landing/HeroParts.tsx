import { memo } from 'react';
import { Link } from 'react-router-dom';
import { siteText } from '@gogo/shared/messages';
import { paths } from '../../lib/paths';
import { formatLaunchDate } from '../../lib/plainFormat';
import { formatCount } from '@gogo/shared/messages';
import { usePublicConfig } from '../../lib/siteConfig';
import { useGogoValue } from '../../lib/gogoValue';
import { useSession } from '../../lib/session';
import { useAuthModal } from '../../session/AuthModalProvider';
import { usePublicStats } from './api';
import { Countdown } from './Countdown';

/*
 * The landing's parts that change as data arrives (the signed-in player, the server's settings, the
 * live figures). Each reads its own data, so an arrival re-renders that part alone, not the whole
 * page: on a phone, re-rendering the page for each of them made the long tasks after the first paint.
 */

/** The launch date after the hero's eyebrow; the line is always there, empty until the settings arrive. */
export const HeroLaunchDate = memo(function HeroLaunchDate() {
  const { data: config } = usePublicConfig();
  return (
    <span className="hero-section__eyebrow-date">
      {config && (
        <>
          <span className="hero-section__eyebrow-dot"> · </span>
          {formatLaunchDate(config.launchAt)}
        </>
      )}
    </span>
  );
});

export const HeroCountdown = memo(function HeroCountdown() {
  const { data: config } = usePublicConfig();
  return <Countdown launchAt={config?.launchAt} label="Time left until the GOGO token launch" />;
});

/** Sign-up and login for a visitor; "continue" for a signed-in player. */
export const HeroActions = memo(function HeroActions({ onLearnMore }: { onLearnMore: () => void }) {
  const { user, token } = useSession();
  const authModal = useAuthModal();
  if (user !== null || token !== null) {
    return (
      <div className="hero-section__actions">
        <p className="hero-section__welcome">{siteText.welcomeBack(user?.username ?? 'player')}</p>
        <Link className="button button--primary button--large" to={paths.game}>
          {siteText.continueGame}
        </Link>
        <button type="button" className="button button--ghost button--large" onClick={onLearnMore}>
          {siteText.learnMore}
        </button>
      </div>
    );
  }
  return (
    <div className="hero-section__actions hero-section__actions--visitor">
      <button type="button" className="button button--primary button--large" onClick={() => authModal.open('register')}>
        {siteText.startPlaying}
      </button>
      <button type="button" className="button button--ghost button--large" onClick={() => authModal.open('login')}>
        Login
      </button>
      <button type="button" className="button button--ghost button--large" onClick={onLearnMore}>
        {siteText.learnMore}
      </button>
    </div>
  );
});

/** Players online and GOGO distributed; their lines keep their place while they load, so nothing jumps. */
export const HeroFigures = memo(function HeroFigures() {
  const { data: stats, isPending } = usePublicStats();
  if (isPending) {
    return (
      <p className="hero-section__figures" aria-hidden="true">
        <span>&nbsp;</span>
        <span>&nbsp;</span>
      </p>
    );
  }
  if (!stats) return null;
  return (
    <p className="hero-section__figures" data-testid="hero-figures">
      <span>
        <span className="live-dot" aria-hidden="true" /> <strong>{formatCount(stats.playersOnline)}</strong>{' '}
        {stats.playersOnline === 1 ? 'player' : 'players'} online
      </span>
      <span>
        <strong>{formatCount(stats.gogoDistributed)}</strong> GOGO distributed
      </span>
    </p>
  );
});

/** The launch band's sentence: the announced date and prices once the settings are known. */
export const LaunchBandText = memo(function LaunchBandText() {
  const value = useGogoValue();
  return (
    <p data-testid="gogo-value-line">
      {value ? value.line : 'See the date, the announced price and what it means for your GOGO.'}
    </p>
  );
});
