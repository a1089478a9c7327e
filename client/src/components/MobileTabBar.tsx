import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../lib/session';
import { paths } from '../lib/paths';
import { Icon, type IconName } from './Icon';
import './MobileTabBar.css';

const ProfileTabBadge = lazy(() => import('./ProfileTabBadge'));

/** The game bar's drawings (one SVG set): a text glyph shows an empty box where a font lacks it. */
const tabs: { to: string; label: string; icon: IconName }[] = [
  { to: paths.home, label: 'Home', icon: 'home' },
  { to: paths.game, label: 'Play', icon: 'dice' },
  { to: paths.profile, label: 'Profile', icon: 'user' },
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
            <Icon name={tab.icon} size={22} />
            {tab.label}
            {tab.to === paths.profile && !active && user ? (
              <Suspense fallback={null}>
                <ProfileTabBadge userId={user.id} />
              </Suspense>
            ) : null}
          </button>
        );
      })}
    </nav>
  );
}
