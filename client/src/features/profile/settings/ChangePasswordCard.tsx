import { useState, type FormEvent } from 'react';
import { recoveryText } from '@gogo/shared/messages';
import { validatePassword } from '@gogo/shared/validation';
import { TextField } from '../../../components/TextField';
import { messageForError } from '../../../lib/api/errors';
import { changePassword } from '../../../session/recoveryApi';
import { Status } from './Status';

type PasswordField = 'current' | 'next' | 'confirm';
const passwordFields: ReadonlyArray<[PasswordField, string, string]> = [
  ['current', recoveryText.currentPassword, 'current-password'],
  ['next', recoveryText.newPassword, 'new-password'],
  ['confirm', recoveryText.confirmNewPassword, 'new-password'],
];

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

  return (
    <section className="account-card" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title">{recoveryText.changePasswordTitle}</h2>
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        {passwordFields.map(([field, label, autoComplete]) => (
          <TextField
            key={field}
            label={label}
            error={errors[field]}
            type="password"
            autoComplete={autoComplete}
            value={values[field]}
            onChange={(e) => set(field)(e.target.value)}
          />
        ))}
        <div className="settings-actions">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? recoveryText.changePasswordSaving : recoveryText.changePasswordSubmit}
          </button>
        </div>
      </form>
      <Status error={error} success={success} />
    </section>
  );
}
