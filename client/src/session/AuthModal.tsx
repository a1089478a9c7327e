import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { authText, loginLinkText } from '@gogo/shared/messages';
import { validateEmail, validatePassword, validateUsername } from '@gogo/shared/validation';
import { messageForError } from '../lib/api/errors';
import { paths } from '../lib/paths';
import { login, register } from './authApi';
import { useFocusTrap } from '../components/useFocusTrap';

export type AuthMode = 'login' | 'register';
const modes: readonly AuthMode[] = ['login', 'register'];
type Field = 'username' | 'email' | 'password';
type Values = Record<Field, string>;

const REDIRECT_DELAY_MS = 1000;
/**
 * A press on the submit button within this long before a blur means "submitting": that blur does not
 * validate (the submit validates every field). Otherwise the blur's errors appear or clear, the dialog
 * changes height and re-centres, and on a phone the tap's click lands beside the moved button.
 */
const SUBMIT_PRESS_MS = 1000;

// Login checks only presence and shape: a password made under older rules must still log in.
function validateField(mode: AuthMode, field: Field, values: Values): string | null {
  if (field === 'username') return mode === 'register' ? validateUsername(values.username) : null;
  if (field === 'email') return validateEmail(values.email);
  if (mode === 'login') return values.password === '' ? validatePassword('') : null;
  return validatePassword(values.password);
}

interface Props {
  initialMode: AuthMode;
  onClose: () => void;
  onModeChange?: (mode: AuthMode) => void;
  /** Opens the password reset flow (a real flow in place of the spec's alert). */
  onForgotPassword?: () => void;
  /** "Email me a sign-in link": the owner's way in from any device. */
  onLoginLink?: () => void;
}

export function AuthModal({ initialMode, onClose, onModeChange, onForgotPassword, onLoginLink }: Props) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<Values>({ username: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const submitPressedAt = useRef(-Infinity);
  const titleId = useId();
  const ids = { username: useId(), email: useId(), password: useId() };
  const fields: Field[] = mode === 'register' ? ['username', 'email', 'password'] : ['email', 'password'];
  useFocusTrap(dialogRef);

  useEffect(() => setMode(initialMode), [initialMode]);
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => {
      onClose();
      navigate(paths.game);
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, onClose]);

  const canDismiss = !loading && error === null && success === null;
  const requestClose = () => {
    if (canDismiss) onClose();
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !loading) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loading, onClose]);

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setError(null); // switching mode clears the error
    setFieldErrors({});
    onModeChange?.(next);
  };

  const onBlur = (field: Field) => {
    if (performance.now() - submitPressedAt.current < SUBMIT_PRESS_MS) return;
    const message = validateField(mode, field, values);
    setFieldErrors((prev) => ({ ...prev, [field]: message ?? undefined }));
  };

  // An error shown for a field goes as soon as the typing fixes it, so nothing shifts at the tap.
  const onChange = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (fieldErrors[field] && validateField(mode, field, next) === null) {
      setFieldErrors((prev) => ({ ...prev, [field]: undefined }));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    submitPressedAt.current = -Infinity;
    if (loading || success) return;
    const errors: Partial<Record<Field, string>> = {};
    for (const field of fields) {
      const message = validateField(mode, field, values);
      if (message) errors[field] = message;
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setError(null);
    setLoading(true);
    try {
      if (mode === 'login') {
        await login({ email: values.email.trim(), password: values.password });
        setSuccess(authText.loginSuccess);
      } else {
        await register({ username: values.username.trim(), email: values.email.trim(), password: values.password });
        setSuccess(authText.registerSuccess);
      }
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setLoading(false);
    }
  };

  const title = mode === 'login' ? 'Welcome back' : 'Create your account';
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) requestClose();
      }}
    >
      <div className="modal auth-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef}>
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose} disabled={loading}>
          ×
        </button>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <p className="modal__subtitle">
          {mode === 'login' ? 'Log in to keep rolling and collecting GOGO.' : 'Start with 10 free dice rolls.'}
        </p>
        <div className="segmented" role="tablist" aria-label="Login or register">
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={mode === m ? 'is-active' : ''}
              onClick={() => switchMode(m)}
            >
              {m === 'login' ? 'Login' : 'Register'}
            </button>
          ))}
        </div>
        <form noValidate onSubmit={onSubmit} className="form">
          {fields.map((field) => {
            const isPassword = field === 'password';
            const label = field === 'username' ? 'Username' : field === 'email' ? 'Email' : 'Password';
            const errorId = `${ids[field]}-error`;
            return (
              <div className="form__field" key={field}>
                <label htmlFor={ids[field]}>{label}</label>
                <div className={isPassword ? 'input-with-action' : undefined}>
                  <input
                    id={ids[field]}
                    name={field}
                    type={isPassword ? (showPassword ? 'text' : 'password') : field === 'email' ? 'email' : 'text'}
                    autoComplete={
                      field === 'username'
                        ? 'username'
                        : field === 'email'
                          ? 'email'
                          : mode === 'login'
                            ? 'current-password'
                            : 'new-password'
                    }
                    value={values[field]}
                    aria-invalid={fieldErrors[field] ? true : undefined}
                    aria-describedby={fieldErrors[field] ? errorId : undefined}
                    disabled={loading}
                    onChange={(e) => onChange(field, e.target.value)}
                    onBlur={() => onBlur(field)}
                  />
                  {isPassword && (
                    <button
                      type="button"
                      className="input-action"
                      aria-label={showPassword ? 'Hide password' : 'Show password'}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((s) => !s)}
                    >
                      {showPassword ? 'Hide' : 'Show'}
                    </button>
                  )}
                </div>
                {fieldErrors[field] && (
                  <p className="form__error" id={errorId}>
                    {fieldErrors[field]}
                  </p>
                )}
              </div>
            );
          })}
          {mode === 'login' && (
            <span className="auth-modal__links">
              <button type="button" className="link-button" onClick={onForgotPassword}>
                Forgot your password?
              </button>
              <button type="button" className="link-button" onClick={onLoginLink}>
                {loginLinkText.offer}
              </button>
            </span>
          )}
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          {success && (
            <p className="alert alert--success" role="status">
              {success}
            </p>
          )}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={loading || success !== null}
            onPointerDown={() => {
              submitPressedAt.current = performance.now();
            }}
          >
            {loading
              ? mode === 'login'
                ? 'Logging in…'
                : 'Creating account…'
              : mode === 'login'
                ? 'Log in'
                : 'Create account'}
          </button>
        </form>
      </div>
    </div>
  );
}
