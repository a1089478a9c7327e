import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { siteText } from '@gogo/shared/messages';
import { paths } from '../../lib/paths';
import { Icon } from '../../components/Icon';
import { useSession } from '../../lib/session';
import { useAuthModal } from '../../session/AuthModalProvider';
import { logout } from '../../session/authApi';
import { BrandMark } from '../../components/BrandMark';
import './LandingNav.css';

export const sections = [
  { id: 'hero', label: 'Home' },
  { id: 'features', label: 'Features' },
  { id: 'how-to-play', label: 'How to Play' },
  { id: 'leaderboard', label: 'Leaderboard' },
] as const;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Smooth-scrolls to a section of the landing page, records it in the URL and moves focus there. */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  // Keep the router's own history state: only the hash changes.
  window.history.replaceState(window.history.state, '', id === 'hero' ? window.location.pathname : `#${id}`);
}

/**
 * The landing page's fixed navigation. Wide screens show every entry in one bar; under 768 px a
 * menu button (aria-expanded) opens the same entries. Escape, a click outside or choosing an entry
 * closes the menu; opening it moves focus to its first entry, closing with Escape returns focus to
 * the button.
 */
export function LandingNav({ onTokenLaunch }: { onTokenLaunch: () => void }) {
  const { user, token } = useSession();
  const signedIn = user !== null || token !== null;
  const authModal = useAuthModal();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(e.target as Node)) close();
    };
    const wide = window.matchMedia('(min-width: 768px)');
    const onWide = () => {
      if (wide.matches) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      wide.removeEventListener('change', onWide);
    };
  }, [open, close]);

  const onSection = (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    close();
    scrollToSection(id);
  };
  const act = (fn: () => void) => () => {
    close();
    fn();
  };

  return (
    <header className="landing-nav" ref={headerRef}>
      <div className="landing-nav__bar">
        <Link to={paths.home} className="brand" aria-label="GOGO Board home" onClick={onSection('hero')}>
          <BrandMark />
          <span className="landing-nav__brand-text">GOGO Board</span>
        </Link>
        {/* Phones: the main action stays one tap away next to the menu button. */}
        {signedIn ? (
          <Link className="button button--primary landing-nav__quick" to={paths.game}>
            Play
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary landing-nav__quick"
            onClick={act(() => authModal.open('register'))}
          >
            Register
          </button>
        )}
        <button
          ref={toggleRef}
          type="button"
          className="landing-nav__toggle"
          aria-expanded={open}
          aria-controls="landing-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="landing-nav__toggle-bars" aria-hidden="true" />
        </button>
        <nav
          id="landing-menu"
          ref={menuRef}
          className={open ? 'landing-nav__menu is-open' : 'landing-nav__menu'}
          aria-label="Site"
        >
          <ul className="landing-nav__links">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} onClick={onSection(s.id)}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="landing-nav__actions">
            <button type="button" className="button button--ghost button--token" onClick={act(onTokenLaunch)}>
              <Icon name="rocket" /> <span className="landing-nav__token-text">{siteText.tokenLaunch}</span>
            </button>
            {signedIn ? (
              <>
                <Link className="chip landing-nav__chip" to={paths.profile} onClick={() => close()}>
                  <Icon name="user" size={16} /> {user?.username ?? 'My account'}
                </Link>
                <Link className="button button--primary" to={paths.game} onClick={() => close()}>
                  Play
                </Link>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={act(() => void logout().then(() => navigate(paths.home)))}
                >
                  Logout
                </button>
              </>
            ) : (
              <>
                <button type="button" className="button button--primary" onClick={act(() => authModal.open('login'))}>
                  Play
                </button>
                <button type="button" className="button button--ghost" onClick={act(() => authModal.open('login'))}>
                  Login
                </button>
                <button type="button" className="button button--ghost" onClick={act(() => authModal.open('register'))}>
                  Register
                </button>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
