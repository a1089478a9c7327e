import { useState } from 'react';
import { messageForError } from '../../../lib/api/errors';
import { downloadExport } from './api';
import { Status } from './Status';

/** The data export: everything kept about the player, as one JSON file. */
export function DataCard({ id }: { id: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const onExport = async () => {
    setBusy(true);
    setError(null);
    setSuccess(null);
    try {
      const name = await downloadExport(id);
      setSuccess(`Downloaded ${name}.`);
    } catch (err) {
      setError(messageForError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="account-card" aria-labelledby="settings-data-title">
      <h2 id="settings-data-title">Your data</h2>
      <p>
        Download everything GOGO Board keeps about you as one JSON file: account, settings, game progress, every roll,
        the full ledger of your GOGO and dice, deposits and withdrawals, friends.
      </p>
      <div className="settings-actions">
        <button type="button" className="button button--ghost" onClick={onExport} disabled={busy}>
          {busy ? 'Preparing...' : 'Download my data'}
        </button>
      </div>
      <Status error={error} success={success} />
    </section>
  );
}
