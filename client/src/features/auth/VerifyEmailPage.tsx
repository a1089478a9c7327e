import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { recoveryText } from '@gogo/shared/messages';
import { messageForError } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { paths } from '../../app/paths';
import { useAuthModal } from '../../session/AuthModalProvider';
import { verifyEmail } from '../../session/recoveryApi';
import './recovery.css';

type State = { kind: 'checking' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/** /verify-email?token=...: the link of the verification mail. Works signed in or not. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, token: sessionToken } = useSession();
  const modal = useAuthModal();
  const [state, setState] = useState<State>(
    token ? { kind: 'checking' } : { kind: 'failed', message: recoveryText.verifyMissing },
  );
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the link is single use, so a second call (React's dev double effect) would fail it.
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail(token).then(
      (data) => setState({ kind: 'done', email: data.email }),
      (err: unknown) => setState({ kind: 'failed', message: messageForError(err) }),
    );
  }, [token]);

  const signedIn = user !== null || sessionToken !== null;
  return (
    <main className="centered-page recovery-page">
      <div className="recovery-card">
        <h1>{recoveryText.verifyTitle}</h1>
        {state.kind === 'checking' && <p role="status">{recoveryText.verifyChecking}</p>}
        {state.kind === 'done' && (
          <>
            <p className="alert alert--success" role="status">
              {recoveryText.verifyDone}
            </p>
            <p className="recovery-card__email">{state.email}</p>
          </>
        )}
        {state.kind === 'failed' && (
          <p className="alert alert--error" role="alert">
            {state.message}
          </p>
        )}
        {state.kind !== 'checking' && (
          <div className="button-row">
            {signedIn ? (
              <Link className="button button--primary" to={paths.game}>
                {recoveryText.verifyPlay}
              </Link>
            ) : (
              <button type="button" className="button button--primary" onClick={() => modal.open('login')}>
                {recoveryText.resetSignIn}
              </button>
            )}
            <Link className="button button--ghost" to={paths.home}>
              Back to home
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
