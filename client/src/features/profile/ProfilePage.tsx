import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { paths } from '../../app/paths';

export default function ProfilePage() {
  const { user } = useSession();
  return (
    <main className="centered-page">
      <h1>My Account</h1>
      <p>
        {user?.username} · {user?.email}
      </p>
      <Link className="button button--primary" to={paths.game}>
        Back to the game
      </Link>
    </main>
  );
}
