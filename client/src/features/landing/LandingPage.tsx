import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { Icon } from '../../components/Icon';
import { SiteFooter } from '../../components/SiteFooter';
import { SkipLink } from '../../components/SkipLink';
import { BoardArt } from './BoardArt';
import { landingFeatures, landingSteps } from './content';
import { HeroActions, HeroCountdown, HeroFigures, HeroLaunchDate, LaunchBandText } from './HeroParts';
import { LandingNav } from './LandingNav';
import { LeaderboardSection } from './LeaderboardSection';
import { TokenLaunchModal } from './TokenLaunchModal';
import './landing.css';

export default function LandingPage() {
  const [launchOpen, setLaunchOpen] = useState(false);
  const openLaunch = useCallback(() => setLaunchOpen(true), []);
  const closeLaunch = useCallback(() => setLaunchOpen(false), []);
  const { hash } = useLocation();

  // Arriving with a hash (/#leaderboard from another page): go to that section; otherwise the top.
  useEffect(() => {
    const id = hash.replace(/^#/, '');
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
  }, [hash]);

  return (
    <div className="landing">
      <SkipLink />
      <LandingNav onTokenLaunch={openLaunch} />
      <main id="main" tabIndex={-1}>
        <section className="hero-section" id="hero" aria-labelledby="hero-title">
          <div className="hero-section__text">
            <p className="hero-section__eyebrow">
              <Icon name="rocket" /> GOGO token launch
              <HeroLaunchDate />
            </p>
            <h1 id="hero-title" className="hero-section__title">
              Roll the dice. <span className="hero-section__accent">Collect GOGO.</span>
            </h1>
            <p className="hero-section__tagline">
              A free board game in your browser: roll a provably fair die around 20 crypto-themed tiles, land on
              properties and jackpots, level up and unlock achievements. No wallet needed.
            </p>
            <HeroCountdown />
            <HeroActions onLearnMore={openLaunch} />
            <HeroFigures />
          </div>
          <div className="hero-section__art">
            <BoardArt />
          </div>
        </section>

        <section className="landing-section landing-section--deferred" id="features" aria-labelledby="features-title">
          <div className="landing-section__head">
            <h2 id="features-title">Features</h2>
            <p>Simple to start, honest about every roll.</p>
          </div>
          <ul className="card-grid">
            {landingFeatures.map((f) => (
              <li className="card" key={f.title}>
                <span className="card__icon">
                  <Icon name={f.icon} />
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
          <p className="landing-section__more">
            <Link to={paths.features}>All features in detail</Link>
          </p>
        </section>

        <section className="landing-section landing-section--deferred" id="how-to-play" aria-labelledby="how-title">
          <div className="landing-section__head">
            <h2 id="how-title">How to Play</h2>
            <p>Four steps from sign-up to the leaderboard.</p>
          </div>
          <ol className="steps">
            {landingSteps.map((s, i) => (
              <li className="step" key={s.title}>
                <span className="step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
          <p className="landing-section__more">
            <Link to={paths.howToPlay}>Rules, tiles and tips</Link>
          </p>
        </section>

        <LeaderboardSection />

        <section className="landing-section" aria-labelledby="launch-title">
          <div className="launch-band">
            <div>
              <h2 id="launch-title">GOGO token launch</h2>
              <LaunchBandText />
            </div>
            <button type="button" className="button button--primary button--large" onClick={openLaunch}>
              About the launch
            </button>
          </div>
        </section>
      </main>
      <SiteFooter />
      {launchOpen && <TokenLaunchModal onClose={closeLaunch} />}
    </div>
  );
}
