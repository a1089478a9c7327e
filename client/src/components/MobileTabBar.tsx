import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../lib/session';
import { paths } from '../app/paths';
import './MobileTabBar.css';

const tabs = [
  { to: paths.home, label: 'Home', icon: '⌂' },
  { to: paths.game, label: 'Play', icon: '⚄' },
  { to: paths.profile, label: 'Profile', icon: '◉' },
];

/**
 * Under 768 px and only when signed in (CSS hides it on wider screens): Home, Play, Profile, except on
 * /game, whose game bar carries them (CHANGELOG.md). The
 * active tab is highlighted and tapping it does nothing.
 */
export function MobileTabBar() {
  const { user, token } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  if (!user && !token) return null;
  // The back office has its own navigation; /game has one bottom bar that carries these destinations too.
  if (location.pathname.startsWith(paths.admin) || location.pathname === paths.game) return null;
  return (
    <nav className="mobile-tabbar" aria-label="Main">
      {tabs.map((tab) => {
        const active = location.pathname === tab.to;
        return (
          <button
            key={tab.to}
            type="button"
            className={active ? 'mobile-tabbar__tab is-active' : 'mobile-tabbar__tab'}
            aria-current={active ? 'page' : undefined}
            onClick={() => {
              if (!active) navigate(tab.to);
            }}
          >
            <span aria-hidden="true">{tab.icon}</span>
            {tab.label}
          </button>
        );
      })}
    </nav>
  );
}
