import { useState, type FormEvent } from 'react';
import type { UserProfile } from '@gogo/shared/api';
import { validateUsername } from '@gogo/shared/validation';
import { TextField } from '../../../components/TextField';
import { messageForError } from '../../../lib/api/errors';
import { useUpdateProfile } from './api';
import { Status } from './Status';

/** The username other players see, checked as the player leaves the field. */
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
        <TextField
          label="Username"
          error={error}
          hint="3 to 20 letters, numbers or underscores. Other players see it."
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={() => setError(validateUsername(username))}
          autoComplete="username"
          maxLength={40}
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
      {success ? <Status error={null} success={success} /> : null}
    </section>
  );
}
