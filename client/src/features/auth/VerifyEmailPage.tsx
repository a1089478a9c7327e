import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { recoveryText } from '@gogo/shared/messages';
import { Alert } from '../../components/Alert';
import { messageForError } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { verifyEmail } from '../../session/recoveryApi';
import { RecoveryActions, RecoveryCard } from './RecoveryCard';

type State = { kind: 'checking' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/** /verify-email?token=...: the link of the verification mail. Works signed in or not. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, token: sessionToken } = useSession();
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

  return (
    <RecoveryCard title={recoveryText.verifyTitle}>
      {state.kind === 'checking' && <p role="status">{recoveryText.verifyChecking}</p>}
      {state.kind === 'done' && (
        <>
          <Alert kind="success">{recoveryText.verifyDone}</Alert>
          <p className="recovery-card__email">{state.email}</p>
        </>
      )}
      {state.kind === 'failed' && <Alert kind="error">{state.message}</Alert>}
      {state.kind !== 'checking' && <RecoveryActions signedIn={user !== null || sessionToken !== null} />}
    </RecoveryCard>
  );
}
