import { useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { paths } from '../../app/paths';
import { logout } from '../auth/api';

export default function GamePage() {
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <main className="centered-page game-page">
      <h1>Game board</h1>
      <p>Signed in as {user?.username}</p>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => void logout().then(() => navigate(paths.home))}
      >
        Logout
      </button>
    </main>
  );
}
