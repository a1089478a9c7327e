import { useState, type FormEvent } from 'react';
import { loginLinkText } from '@gogo/shared/messages';
import { validateEmail } from '@gogo/shared/validation';
import { messageForError } from '../lib/api/errors';
import { Alert } from '../components/Alert';
import { Modal } from '../components/Modal';
import { TextField } from '../components/TextField';
import { requestLoginLink } from './authApi';

/**
 * "Email me a sign-in link" from the login dialog: the owner's way in from any device, also while
 * guesses on the account slow its password sign-ins down. The answer is the same whether or not an
 * account uses the address.
 */
export function LoginLinkDialog({ onClose, onBack }: { onClose: () => void; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [loading, setLoading] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEmail(email);
    setFieldError(problem);
    if (problem || loading) return;
    setError(null);
    setLoading(true);
    try {
      await requestLoginLink(email.trim());
      setSent(true);
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      title={loginLinkText.title}
      subtitle={loginLinkText.intro}
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
        {sent && <Alert kind="success">{loginLinkText.requested}</Alert>}
        <button type="submit" className="button button--primary button--block" disabled={loading}>
          {loading ? loginLinkText.sending : loginLinkText.submit}
        </button>
        <button type="button" className="link-button" onClick={onBack} disabled={loading}>
          {loginLinkText.back}
        </button>
      </form>
    </Modal>
  );
}
