import type { AdminLoginStep } from '@gogo/shared/api';
import { AdminSecurityErrorCode } from '@gogo/shared/api';
import { adminSecurityText, errorText } from '@gogo/shared/messages';
import { ApiError } from '../../../lib/api/errors';
import { adminSecondFactor } from '../api/security';
import { TextField } from '../../../components/TextField';
import { AdminLoginCard } from './AdminLoginCard';
import { useCodeSubmit } from './useCodeSubmit';
import '../security.css';

interface Props {
  challengeToken: string;
  onSignedIn: (data: AdminLoginStep | null) => void;
  /** Back to username and password (another account, or the challenge expired). */
  onStartOver: () => void;
}

/** The admin sign-in's second step: the authenticator's 6 digits, or a recovery code. */
export function SecondFactorForm({ challengeToken, onSignedIn, onStartOver }: Props) {
  const { code, setCode, error, busy, submit } = useCodeSubmit(
    async (typed) => onSignedIn(await adminSecondFactor({ challengeToken, code: typed })),
    (err) => {
      if (err instanceof ApiError && err.code === AdminSecurityErrorCode.CHALLENGE_EXPIRED) {
        onStartOver();
        return null;
      }
      return (err instanceof Error && err.message.trim()) || errorText.adminLoginFailed;
    },
  );

  return (
    <AdminLoginCard
      title={adminSecurityText.codeTitle}
      error={error}
      busy={busy}
      submitLabel={adminSecurityText.verify}
      busyLabel={adminSecurityText.verifying}
      onSubmit={submit}
      footer={
        <button type="button" className="admin-login__back button button--ghost" onClick={onStartOver} disabled={busy}>
          {adminSecurityText.startOver}
        </button>
      }
    >
      <TextField
        label={adminSecurityText.codeLabel}
        hint={adminSecurityText.codeHint}
        name="code"
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        disabled={busy}
        autoFocus
        required
      />
    </AdminLoginCard>
  );
}
