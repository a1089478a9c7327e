import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { loginLinkText } from '@gogo/shared/messages';
import { paths } from '../../lib/paths';
import { Alert } from '../../components/Alert';
import { messageForError } from '../../lib/api/errors';
import { redeemLoginLink } from '../../session/authApi';
import { RecoveryActions, RecoveryCard } from './RecoveryCard';

type State = { kind: 'checking' } | { kind: 'done'; username: string } | { kind: 'failed'; message: string };

/** /login-link?token=...: the link of the sign-in mail signs this device in, once. */
export default function LoginLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(
    token ? { kind: 'checking' } : { kind: 'failed', message: loginLinkText.missing },
  );
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the link is single use, so a second call (React's dev double effect) would fail it.
    if (!token || sent.current) return;
    sent.current = true;
    redeemLoginLink(token).then(
      (data) => setState({ kind: 'done', username: data.user.username }),
      (err: unknown) => setState({ kind: 'failed', message: messageForError(err) }),
    );
  }, [token]);

  return (
    <RecoveryCard title={loginLinkText.pageTitle}>
      {state.kind === 'checking' && <p role="status">{loginLinkText.checking}</p>}
      {state.kind === 'done' && (
        <>
          <Alert kind="success">{loginLinkText.signedIn}</Alert>
          <p className="recovery-card__email">{state.username}</p>
          <div className="button-row">
            <Link className="button button--primary" to={paths.game}>
              {loginLinkText.play}
            </Link>
          </div>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <Alert kind="error">{state.message}</Alert>
          <p>{loginLinkText.failed}</p>
          <RecoveryActions />
        </>
      )}
    </RecoveryCard>
  );
}
