import { useState, type FormEvent } from 'react';
import { recoveryText } from '@gogo/shared/messages';
import { validateEmail } from '@gogo/shared/validation';
import { messageForError } from '../lib/api/errors';
import { Alert } from '../components/Alert';
import { Modal } from '../components/Modal';
import { TextField } from '../components/TextField';
import { forgotPassword } from './recoveryApi';

interface Props {
  onClose: () => void;
  /** Back to the login dialog. */
  onBack: () => void;
}

/**
 * "Forgot your password?" from the login dialog (a real flow in place of the spec's alert): asks
 * for the address and mails a reset link. The answer is the same whether or not an account uses it.
 * The kit's modal (Escape, backdrop and close do nothing while the request runs), with the auth modal's look.
 */
export function ForgotPasswordDialog({ onClose, onBack }: Props) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

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
    <Modal
      title={recoveryText.forgotTitle}
      subtitle={recoveryText.forgotIntro}
      className="auth-modal"
      onClose={onClose}
      busy={loading}
    >
      <form noValidate onSubmit={onSubmit} className="form">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          disabled={loading}
          error={fieldError}
          onChange={(e) => {
            setEmail(e.target.value);
            if (fieldError && validateEmail(e.target.value) === null) setFieldError(null);
          }}
          onBlur={() => email !== '' && setFieldError(validateEmail(email))}
        />
        {error && <Alert kind="error">{error}</Alert>}
        {sent && <Alert kind="success">{sent}</Alert>}
        <button type="submit" className="button button--primary button--block" disabled={loading}>
          {loading ? recoveryText.forgotSending : recoveryText.forgotSubmit}
        </button>
        <button type="button" className="link-button" onClick={onBack} disabled={loading}>
          {recoveryText.forgotBack}
        </button>
      </form>
    </Modal>
  );
}
