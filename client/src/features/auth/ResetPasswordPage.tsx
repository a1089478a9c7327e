import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { recoveryText } from '@gogo/shared/messages';
import { validatePassword } from '@gogo/shared/validation';
import { messageForError } from '../../lib/api/errors';
import { paths } from '../../app/paths';
import { useAuthModal } from '../../session/AuthModalProvider';
import { resetPassword } from '../../session/recoveryApi';
import './recovery.css';

/** /reset-password?token=...: the link of the reset mail; the spec's password rules apply. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const modal = useAuthModal();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(token ? null : recoveryText.resetMissing);
  const [done, setDone] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const ids = { password: useId(), confirm: useId() };

  const check = () => {
    const next = {
      password: validatePassword(password) ?? undefined,
      confirm: confirm !== password ? recoveryText.passwordsDiffer : undefined,
    };
    setErrors(next);
    return !next.password && !next.confirm;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token || loading || done || !check()) return;
    setError(null);
    setLoading(true);
    try {
      await resetPassword(token, password);
      setDone(recoveryText.passwordReset);
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setLoading(false);
    }
  };

  const field = (key: 'password' | 'confirm', label: string, value: string, set: (v: string) => void) => (
    <div className="form__field">
      <label htmlFor={ids[key]}>{label}</label>
      <input
        id={ids[key]}
        name={key === 'password' ? 'new-password' : 'confirm-password'}
        type="password"
        autoComplete="new-password"
        value={value}
        disabled={loading || done !== null}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${ids[key]}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      {errors[key] && (
        <p className="form__error" id={`${ids[key]}-error`}>
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <main className="centered-page recovery-page">
      <div className="recovery-card">
        <h1>{recoveryText.resetTitle}</h1>
        {token && !done && (
          <form className="form" noValidate onSubmit={onSubmit}>
            {field('password', recoveryText.resetNewPassword, password, setPassword)}
            {field('confirm', recoveryText.resetConfirmPassword, confirm, setConfirm)}
            {error && (
              <p className="alert alert--error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="button button--primary button--block" disabled={loading}>
              {loading ? recoveryText.resetSaving : recoveryText.resetSubmit}
            </button>
          </form>
        )}
        {!token && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        {done && (
          <>
            <p className="alert alert--success" role="status">
              {done}
            </p>
            <div className="button-row">
              <button type="button" className="button button--primary" onClick={() => modal.open('login')}>
                {recoveryText.resetSignIn}
              </button>
              <Link className="button button--ghost" to={paths.home}>
                Back to home
              </Link>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
