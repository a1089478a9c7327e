import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { UserProfile } from '@gogo/shared/api';
import { recoveryText, socialText } from '@gogo/shared/messages';
import { normalizeEmail, validateEmail, validateUsername } from '@gogo/shared/validation';
import { Avatar } from '../../../components/Avatar';
import { messageForError } from '../../../lib/api/errors';
import { Field } from '../components/Field';
import { checkAvatarFile, checkAvatarSize, imageSize } from './avatar-check';
import { useRemoveAvatar, useUpdateProfile, useUploadAvatar } from './api';
import { EmailVerificationStatus } from './SecurityCards';

// My Account > Settings: the cards of who the player is (avatar, username, email) and their status line.

export function Status({ error, success }: { error: string | null; success: string | null }) {
  if (error) {
    return (
      <p className="form__error" role="alert">
        {error}
      </p>
    );
  }
  return success ? (
    <p className="alert alert--success" role="status">
      {success}
    </p>
  ) : null;
}

// --- avatar --------------------------------------------------------------------------------

export function AvatarCard({ profile }: { profile: UserProfile }) {
  const upload = useUploadAvatar(profile.id);
  const remove = useRemoveAvatar(profile.id);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const reset = () => {
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    setSuccess(null);
    const picked = e.target.files?.[0] ?? null;
    if (!picked) return reset();
    const problem = checkAvatarFile(picked);
    if (problem) {
      setError(problem);
      return reset();
    }
    const size = await imageSize(picked);
    const sizeProblem = size ? checkAvatarSize(size.width, size.height) : socialText.avatarInvalidType;
    if (sizeProblem) {
      setError(sizeProblem);
      return reset();
    }
    setError(null);
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const onUpload = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        setSuccess('Your new picture is saved.');
        reset();
      },
      onError: (err) => setError(messageForError(err)),
    });
  };

  const onRemove = () => {
    setSuccess(null);
    remove.mutate(undefined, {
      onSuccess: () => setSuccess('Your picture was removed.'),
      onError: (err) => setError(messageForError(err)),
    });
  };

  return (
    <section className="account-card settings-avatar" aria-labelledby="settings-avatar-title">
      <h2 id="settings-avatar-title">Profile picture</h2>
      <div className="settings-avatar__row">
        <Avatar url={preview ?? profile.avatarUrl} name={profile.username} size={88} className="settings-avatar__img" />
        <div className="settings-avatar__controls">
          <label htmlFor={inputId} className="button button--ghost settings-avatar__pick">
            Choose a picture
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={onPick}
            data-testid="avatar-input"
          />
          <p className="account-hint">PNG, JPEG or WebP, at most 2 MB and 1024 x 1024 pixels.</p>
        </div>
      </div>
      {file ? (
        <div className="settings-actions">
          <span className="settings-avatar__preview-label">Preview: {file.name}</span>
          <button type="button" className="button button--primary" onClick={onUpload} disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Save picture'}
          </button>
          <button type="button" className="button button--ghost" onClick={reset} disabled={upload.isPending}>
            Cancel
          </button>
        </div>
      ) : profile.avatarUrl ? (
        <div className="settings-actions">
          <button type="button" className="link-button" onClick={onRemove} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove picture'}
          </button>
        </div>
      ) : null}
      <Status error={error} success={success} />
    </section>
  );
}

// --- username and email --------------------------------------------------------------------

export function UsernameCard({ profile }: { profile: UserProfile }) {
  const update = useUpdateProfile(profile.id);
  const [username, setUsername] = useState(profile.username);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    const problem = validateUsername(username);
    setError(problem);
    if (problem) return;
    update.mutate(
      { username: username.trim() },
      {
        onSuccess: (p) => {
          setUsername(p.username);
          setSuccess('Username saved.');
        },
        onError: (err) => setError(messageForError(err)),
      },
    );
  };

  return (
    <section className="account-card" aria-labelledby="settings-username-title">
      <h2 id="settings-username-title">Username</h2>
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        <Field
          label="Username"
          error={error ?? undefined}
          hint="3 to 20 letters, numbers or underscores. Other players see it."
          input={(props) => (
            <input
              {...props}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              onBlur={() => setError(validateUsername(username))}
              autoComplete="username"
              maxLength={40}
            />
          )}
        />
        <div className="settings-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={update.isPending || username.trim() === profile.username}
          >
            {update.isPending ? 'Saving...' : 'Save username'}
          </button>
        </div>
      </form>
      {success ? (
        <p className="alert alert--success" role="status">
          {success}
        </p>
      ) : null}
    </section>
  );
}

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
        <Field
          label="Email"
          error={emailError ?? undefined}
          hint="Only you see it. You log in with it."
          input={(props) => (
            <input
              {...props}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setEmailError(validateEmail(email))}
              autoComplete="email"
            />
          )}
        />
        {changed ? (
          <Field
            label="Current password"
            hint="Needed to change your email address."
            input={(props) => (
              <input
                {...props}
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            )}
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

// --- preferences, privacy, notifications ------------------------------------------------------
