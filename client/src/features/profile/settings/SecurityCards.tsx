import { useState, type FormEvent } from 'react';
import type { UserProfile } from '@gogo/shared/api';
import { recoveryText } from '@gogo/shared/messages';
import { validatePassword } from '@gogo/shared/validation';
import { messageForError } from '../../../lib/api/errors';
import { changePassword } from '../../../session/recoveryApi';
import { ResendVerification } from '../../../session/ResendVerification';
import { Field } from '../components/Field';

/** The email card's verified / not verified badge, with the resend button while unverified (issue 13). */
export function EmailVerificationStatus({ profile }: { profile: UserProfile }) {
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

type PasswordField = 'current' | 'next' | 'confirm';

/** Change password: the current one, then the new one twice (spec rules). Other devices are signed out. */
export function ChangePasswordCard() {
  const [values, setValues] = useState<Record<PasswordField, string>>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: PasswordField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSuccess(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    const next: Partial<Record<PasswordField, string>> = {};
    if (!values.current) next.current = recoveryText.currentPasswordRequired;
    const rule = validatePassword(values.next);
    if (rule) next.next = rule;
    if (values.confirm !== values.next) next.confirm = recoveryText.passwordsDiffer;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      await changePassword(values.current, values.next);
      setValues({ current: '', next: '', confirm: '' });
      setSuccess(recoveryText.passwordChanged);
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setSaving(false);
    }
  };

  const input = (field: PasswordField, autoComplete: string) =>
    function PasswordInput(props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) {
      return (
        <input
          {...props}
          type="password"
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(e) => set(field)(e.target.value)}
        />
      );
    };

  return (
    <section className="account-card" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title">{recoveryText.changePasswordTitle}</h2>
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        <Field
          label={recoveryText.currentPassword}
          error={errors.current}
          input={input('current', 'current-password')}
        />
        <Field label={recoveryText.newPassword} error={errors.next} input={input('next', 'new-password')} />
        <Field
          label={recoveryText.confirmNewPassword}
          error={errors.confirm}
          input={input('confirm', 'new-password')}
        />
        <div className="settings-actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? recoveryText.changePasswordSaving : recoveryText.changePasswordSubmit}
          </button>
        </div>
      </form>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {success && (
        <p className="alert alert--success" role="status">
          {success}
        </p>
      )}
    </section>
  );
}
