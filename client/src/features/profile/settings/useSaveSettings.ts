import { useState } from 'react';
import { messageForError } from '../../../lib/api/errors';
import { useUpdateSettings } from './api';

/** Saves one settings change at a time and remembers whether it was stored or why not. */
export function useSaveSettings(id: number) {
  const mutation = useUpdateSettings(id);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save: typeof mutation.mutate = (change) => {
    setSaved(false);
    mutation.mutate(change, {
      onSuccess: () => {
        setError(null);
        setSaved(true);
      },
      onError: (err) => setError(messageForError(err)),
    });
  };
  return { save, pending: mutation.isPending, error, saved };
}
