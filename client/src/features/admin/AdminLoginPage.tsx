import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';

export default function AdminLoginPage() {
  return (
    <main className="centered-page">
      <h1>Admin sign-in</h1>
      <p>The back office signs in with an admin account created by `npm run admin:create`.</p>
      <Link to={paths.home}>Back to home</Link>
    </main>
  );
}
