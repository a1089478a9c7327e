import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { recoveryText } from '@gogo/shared/messages';
import { validatePassword } from '@gogo/shared/validation';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/TextField';
import { messageForError } from '../../lib/api/errors';
import { resetPassword } from '../../session/recoveryApi';
import { RecoveryActions, RecoveryCard } from './RecoveryCard';

/** /reset-password?token=...: the link of the reset mail; the spec's password rules apply. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(token ? null : recoveryText.resetMissing);
  const [done, setDone] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

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
    <TextField
      label={label}
      name={key === 'password' ? 'new-password' : 'confirm-password'}
      type="password"
      autoComplete="new-password"
      value={value}
      disabled={loading || done !== null}
      error={errors[key]}
      onChange={(e) => set(e.target.value)}
    />
  );

  return (
    <RecoveryCard title={recoveryText.resetTitle}>
      {token && !done && (
        <form className="form" noValidate onSubmit={onSubmit}>
          {field('password', recoveryText.resetNewPassword, password, setPassword)}
          {field('confirm', recoveryText.resetConfirmPassword, confirm, setConfirm)}
          {error && <Alert kind="error">{error}</Alert>}
          <button type="submit" className="button button--primary button--block" disabled={loading}>
            {loading ? recoveryText.resetSaving : recoveryText.resetSubmit}
          </button>
        </form>
      )}
      {!token && <Alert kind="error">{error}</Alert>}
      {done && (
        <>
          <Alert kind="success">{done}</Alert>
          <RecoveryActions />
        </>
      )}
    </RecoveryCard>
  );
}
