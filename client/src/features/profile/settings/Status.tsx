import { Alert } from '../../../components/Alert';

/** A card's answer to its last action: the error under the form, or the success message. */
export function Status({ error, success }: { error: string | null; success: string | null }) {
  if (error) {
    return (
      <p className="form__error" role="alert">
        {error}
      </p>
    );
  }
  return success ? <Alert kind="success">{success}</Alert> : null;
}

/** The line under a card that saves as it changes: 'Saved.' once stored, the error otherwise. */
export function SavedStatus({ error, saved }: { error: string | null; saved: boolean }) {
  if (error) return <Status error={error} success={null} />;
  return (
    <p className="settings-saved" role="status">
      {saved ? 'Saved.' : ''}
    </p>
  );
}
