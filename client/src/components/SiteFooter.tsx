import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import { useHydrated } from '../lib/hydration';
import { usePublicConfig } from '../lib/siteConfig';
import { BrandMark } from './BrandMark';
import './SiteFooter.css';

/** The footer of the public pages: quick, support and legal links, and what GOGO really are. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <Link to={paths.home} className="brand" aria-label="GOGO Board home">
            <BrandMark />
            GOGO Board
          </Link>
          <p>
            A dice board game in your browser. GOGO are off-chain game credits kept in your account: no wallet needed,
            and no guaranteed value.
          </p>
        </div>
        <nav className="site-footer__col" aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick links</h2>
          <ul>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              <Link to={paths.features}>Features</Link>
            </li>
            <li>
              <Link to={paths.howToPlay}>How to Play</Link>
            </li>
            <li>
              <Link to={`${paths.home}#leaderboard`}>Leaderboard</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__col" aria-labelledby="footer-support">
          <h2 id="footer-support">Support</h2>
          <ul>
            <li>
              <Link to={paths.helpCenter}>Help Center</Link>
            </li>
            <li>
              <Link to={paths.contactUs}>Contact Us</Link>
            </li>
            <li>
              <Link to={paths.featureRequest}>Feature Request</Link>
            </li>
            <SupportEmailItem />
          </ul>
        </nav>
        <nav className="site-footer__col" aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            <li>
              <Link to={paths.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={`${paths.privacyPolicy}#cookies`}>Cookie Policy</Link>
            </li>
            <li>
              <Link to={paths.termsOfService}>Terms of Service</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">
        © <CopyrightYear />
        GOGO Board. Dice are provably fair; GOGO are game credits, not money or an investment.
      </p>
    </footer>
  );
}

/** The support address once the server's settings are known: only this item re-renders when they arrive. */
function SupportEmailItem() {
  const { data: config } = usePublicConfig();
  if (!config) return null;
  return (
    <li>
      <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
    </li>
  );
}

/**
 * This year, once the page has hydrated: the build's prerender wrote the page long before it is read,
 * and a year that differs from the one in the HTML would make React throw the page away and draw it again.
 */
function CopyrightYear() {
  const hydrated = useHydrated();
  return hydrated ? <>{new Date().getUTCFullYear()} </> : null;
}
