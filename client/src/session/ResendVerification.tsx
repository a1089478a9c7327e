import { useState } from 'react';
import { recoveryText } from '@gogo/shared/messages';
import { messageForError } from '../lib/api/errors';
import { resendVerification } from './recoveryApi';

/** "Resend verification email": settings and the Withdraw tab's EMAIL_NOT_VERIFIED answer. */
export function ResendVerification({ className = 'button button--ghost' }: { className?: string }) {
  const [state, setState] = useState<{ sending: boolean; sent: string | null; error: string | null }>({
    sending: false,
    sent: null,
    error: null,
  });
  const onClick = async () => {
    setState({ sending: true, sent: null, error: null });
    try {
      await resendVerification();
      setState({ sending: false, sent: recoveryText.verificationSent, error: null });
    } catch (err) {
      setState({ sending: false, sent: null, error: messageForError(err) });
    }
  };
  return (
    <div className="resend-verification">
      <button type="button" className={className} onClick={onClick} disabled={state.sending}>
        {state.sending ? recoveryText.resending : recoveryText.resend}
      </button>
      {state.sent && (
        <p className="alert alert--success" role="status">
          {state.sent}
        </p>
      )}
      {state.error && (
        <p className="form__error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
