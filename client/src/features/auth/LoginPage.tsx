import { useEffect } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';
import { useAuthModal } from '../../session/AuthModalProvider';

/** Where a 401 sends the player: the session ended, so ask for a new login. */
export default function LoginPage() {
  const { user, token } = useSession();
  const modal = useAuthModal();
  useEffect(() => {
    if (!user && !token) modal.open('login');
  }, [modal, user, token]);
  if (user || token) return <Navigate to={paths.game} replace />;
  return (
    <main className="centered-page">
      <h1>Please log in</h1>
      <p>Your session has ended. Log in again to continue your game.</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => modal.open('login')}>
          Log in
        </button>
        <Link className="button button--ghost" to={paths.home}>
          Back to home
        </Link>
      </div>
    </main>
  );
}
