import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { UserProfile } from '@gogo/shared/api';
import { socialText } from '@gogo/shared/messages';
import { Avatar } from '../../../components/Avatar';
import { messageForError } from '../../../lib/api/errors';
import { checkAvatarFile, checkAvatarSize, imageSize } from './avatar-check';
import { useRemoveAvatar, useUploadAvatar } from './api';
import { Status } from './Status';

/** The profile picture: pick a file (checked here first), preview it, save or remove. */
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
