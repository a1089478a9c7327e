import { useNavigate } from 'react-router-dom';
import { session } from '../../lib/session';
import { paths } from '../../app/paths';

export default function AdminDashboardPage() {
  const navigate = useNavigate();
  return (
    <main className="centered-page">
      <h1>Admin dashboard</h1>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          session.setAdminToken(null);
          navigate(paths.admin);
        }}
      >
        Logout
      </button>
    </main>
  );
}
