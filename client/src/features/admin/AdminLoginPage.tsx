import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminLoginStep } from '@gogo/shared/api';
import { adminText, authText, errorText, validationText } from '@gogo/shared/messages';
import { session } from '../../lib/session';
import { paths } from '../../lib/paths';
import { adminLogin } from './api/session';
import { AdminLoginCard } from './components/AdminLoginCard';
import { SecondFactorForm } from './components/SecondFactorForm';
import { TextField } from '../../components/TextField';
import './AdminLogin.css';

/** /admin: the back office's own sign-in (admins are not players). */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set when the password was right and the admin's second factor is asked. */
  const [challenge, setChallenge] = useState<string | null>(null);

  /** A signed-in answer: keep the token and open the dashboard (Security first when it must be set up). */
  const finish = (data: AdminLoginStep | null) => {
    if (data?.step === 'code-required' && data.challengeToken) {
      setChallenge(data.challengeToken);
      return;
    }
    if (!data || typeof data.token !== 'string' || data.token === '') {
      setError(errorText.invalidResponse);
      return;
    }
    session.setAdminToken(data.token);
    navigate(data.setupRequired ? `${paths.adminDashboard}?tab=security` : paths.adminDashboard, { replace: true });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (username.trim() === '') {
      setError(adminText.usernameRequired);
      return;
    }
    if (password === '') {
      setError(validationText.passwordRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      finish(await adminLogin({ username: username.trim(), password }));
    } catch (err) {
      // The error message, or 'Login failed' (an answer without data is 'Invalid response
      // from server', which the API client already words so).
      setError((err instanceof Error && err.message.trim()) || errorText.adminLoginFailed);
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <main className="admin-login">
        <SecondFactorForm
          challengeToken={challenge}
          onSignedIn={finish}
          onStartOver={() => {
            setChallenge(null);
            setPassword('');
          }}
        />
      </main>
    );
  }

  return (
    <main className="admin-login">
      <AdminLoginCard
        title={adminText.loginTitle}
        error={error}
        busy={busy}
        submitLabel={adminText.signIn}
        busyLabel={authText.adminSigningIn}
        onSubmit={onSubmit}
        footer={
          <Link to={paths.home} className="admin-login__back">
            Back to home
          </Link>
        }
      >
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          disabled={busy}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
          required
        />
      </AdminLoginCard>
    </main>
  );
}
