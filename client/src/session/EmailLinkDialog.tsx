import { useState, type FormEvent } from 'react';
import { validateEmail } from '@gogo/shared/validation';
import { messageForError } from '../lib/api/errors';
import { Alert } from '../components/Alert';
import { Modal } from '../components/Modal';
import { TextField } from '../components/TextField';

/** What one "email me a link" dialog says. */
export interface EmailLinkTexts {
  title: string;
  intro: string;
  submit: string;
  sending: string;
  back: string;
  /** Shown once the request is accepted: the same whether or not an account uses the address. */
  requested: string;
}

interface Props {
  texts: EmailLinkTexts;
  /** Asks the server to mail the link. */
  request: (email: string) => Promise<unknown>;
  onClose: () => void;
  /** Back to the login dialog. */
  onBack: () => void;
}

/**
 * A dialog of the login dialog's that asks for an address and mails a link to it (a password reset,
 * a sign-in link). The answer never tells whether an account uses the address. The kit's modal
 * (Escape, backdrop and close do nothing while the request runs), with the auth modal's look.
 */
export function EmailLinkDialog({ texts, request, onClose, onBack }: Props) {
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
      await request(email.trim());
      setSent(true);
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal title={texts.title} subtitle={texts.intro} className="auth-modal" onClose={onClose} busy={loading}>
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
        {sent && <Alert kind="success">{texts.requested}</Alert>}
        <button type="submit" className="button button--primary button--block" disabled={loading}>
          {loading ? texts.sending : texts.submit}
        </button>
        <button type="button" className="link-button" onClick={onBack} disabled={loading}>
          {texts.back}
        </button>
      </form>
    </Modal>
  );
}
