import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { recoveryText } from '@gogo/shared/messages';
import { validateEmail } from '@gogo/shared/validation';
import { messageForError } from '../lib/api/errors';
import { useFocusTrap } from '../components/useFocusTrap';
import { forgotPassword } from './recoveryApi';

interface Props {
  onClose: () => void;
  /** Back to the login dialog. */
  onBack: () => void;
}

/**
 * "Forgot your password?" from the login dialog (issue 13: a real flow in place of the spec's alert): asks
 * for the address and mails a reset link. The answer is the same whether or not an account uses it.
 */
export function ForgotPasswordDialog({ onClose, onBack }: Props) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();
  useFocusTrap(dialogRef);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !loading) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loading, onClose]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEmail(email);
    setFieldError(problem);
    if (problem || loading) return;
    setError(null);
    setLoading(true);
    try {
      await forgotPassword(email.trim());
      setSent(recoveryText.resetRequested);
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !loading) onClose();
      }}
    >
      <div className="modal auth-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialogRef}>
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose} disabled={loading}>
          ×
        </button>
        <h2 id={titleId} className="modal__title">
          {recoveryText.forgotTitle}
        </h2>
        <p className="modal__subtitle">{recoveryText.forgotIntro}</p>
        <form noValidate onSubmit={onSubmit} className="form">
          <div className="form__field">
            <label htmlFor={inputId}>Email</label>
            <input
              id={inputId}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              disabled={loading}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${inputId}-error` : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                if (fieldError && validateEmail(e.target.value) === null) setFieldError(null);
              }}
              onBlur={() => email !== '' && setFieldError(validateEmail(email))}
            />
            {fieldError && (
              <p className="form__error" id={`${inputId}-error`}>
                {fieldError}
              </p>
            )}
          </div>
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          {sent && (
            <p className="alert alert--success" role="status">
              {sent}
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={loading}>
            {loading ? recoveryText.forgotSending : recoveryText.forgotSubmit}
          </button>
          <button type="button" className="link-button" onClick={onBack} disabled={loading}>
            {recoveryText.forgotBack}
          </button>
        </form>
      </div>
    </div>
  );
}
