import { useEffect } from 'react';

/** Escape closes the auth dialogs, except while their request runs (the auth modal's rule). */
export function useCloseOnEscape(onClose: () => void, busy: boolean) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);
}
