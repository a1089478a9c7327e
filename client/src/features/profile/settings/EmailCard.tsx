import { useState, type FormEvent } from 'react';
import type { UserProfile } from '@gogo/shared/api';
import { recoveryText, socialText } from '@gogo/shared/messages';
import { normalizeEmail, validateEmail } from '@gogo/shared/validation';
import { TextField } from '../../../components/TextField';
import { messageForError } from '../../../lib/api/errors';
import { ResendVerification } from '../../../session/ResendVerification';
import { useUpdateProfile } from './api';
import { Status } from './Status';

/** The login email: a new one needs the current password and is verified again. */
export function EmailCard({ profile }: { profile: UserProfile }) {
  const update = useUpdateProfile(profile.id);
  const current = profile.account?.email ?? '';
  const [email, setEmail] = useState(current);
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const changed = email.trim() !== '' && normalizeEmail(email) !== current;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    setError(null);
    const problem = validateEmail(email);
    setEmailError(problem);
    if (problem) return;
    if (!password) {
      setError(socialText.currentPasswordRequired);
      return;
    }
    update.mutate(
      { email, currentPassword: password },
      {
        onSuccess: (p) => {
          setEmail(p.account?.email ?? email);
          setPassword('');
          setSuccess(recoveryText.emailChanged);
        },
        onError: (err) => setError(messageForError(err)),
      },
    );
  };

  return (
    <section className="account-card" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title">Email address</h2>
      <EmailVerificationStatus profile={profile} />
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          error={emailError}
          hint="Only you see it. You log in with it."
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setEmailError(validateEmail(email))}
          autoComplete="email"
        />
        {changed ? (
          <TextField
            label="Current password"
            hint="Needed to change your email address."
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
          />
        ) : null}
        <div className="settings-actions">
          <button type="submit" className="button button--primary" disabled={update.isPending || !changed}>
            {update.isPending ? 'Saving...' : 'Save email'}
          </button>
        </div>
      </form>
      <Status error={error} success={success} />
    </section>
  );
}

/** The email card's verified / not verified badge, with the resend button while unverified. */
function EmailVerificationStatus({ profile }: { profile: UserProfile }) {
  const verified = profile.account?.emailVerified ?? false;
  return (
    <div className="email-status">
      <span className={`email-badge ${verified ? 'email-badge--ok' : 'email-badge--warn'}`}>
        {verified ? recoveryText.emailVerified : recoveryText.emailUnverified}
      </span>
      {!verified && (
        <>
          <p className="account-hint">{recoveryText.emailUnverifiedHint}</p>
          <ResendVerification />
        </>
      )}
    </div>
  );
}
