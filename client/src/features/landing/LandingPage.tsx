import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { paths } from '../../app/paths';
import { useAuthModal } from '../auth/AuthModalProvider';
import { logout } from '../auth/api';

export default function LandingPage() {
  const { user, token } = useSession();
  const signedIn = user !== null || token !== null;
  const modal = useAuthModal();
  const navigate = useNavigate();
  return (
    <div className="landing">
      <header className="topbar">
        <Link to={paths.home} className="brand" aria-label="GOGO Board home">
          <span className="brand__mark" aria-hidden="true">
            ⚄
          </span>{' '}
          GOGO Board
        </Link>
        <nav className="topbar__actions" aria-label="Account">
          {signedIn ? (
            <>
              <Link className="chip" to={paths.profile}>
                {user?.username ?? 'My account'}
              </Link>
              <Link className="button button--primary" to={paths.game}>
                Play
              </Link>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => void logout().then(() => navigate(paths.home))}
              >
                Logout
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button button--ghost" onClick={() => modal.open('login')}>
                Login
              </button>
              <button type="button" className="button button--primary" onClick={() => modal.open('register')}>
                Register
              </button>
            </>
          )}
        </nav>
      </header>
      <main className="hero" id="hero">
        <h1 className="hero__title">Roll the dice. Collect GOGO.</h1>
        <p className="hero__tagline">
          A crypto-themed board game: move around 20 tiles, land on properties and jackpots, level up and unlock
          achievements.
        </p>
        <div className="button-row">
          {signedIn ? (
            <>
              <p className="hero__welcome">Welcome back, {user?.username ?? 'player'}</p>
              <Link className="button button--primary button--large" to={paths.game}>
                Continue Game
              </Link>
            </>
          ) : (
            <>
              <button
                type="button"
                className="button button--primary button--large"
                onClick={() => modal.open('register')}
              >
                Start Playing
              </button>
              <button type="button" className="button button--ghost button--large" onClick={() => modal.open('login')}>
                Login
              </button>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
