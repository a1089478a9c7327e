import { useState, type FormEvent } from 'react';
import { adminSecurityText } from '@gogo/shared/messages';

/**
 * A one-time code form (the sign-in's second step, the Security tab's confirmation): asks for a code,
 * sends it once, and on failure shows `failureText(err)` and clears the field. A null text means the
 * failure was handled elsewhere (an expired sign-in starts over).
 */
export function useCodeSubmit(send: (code: string) => Promise<void>, failureText: (err: unknown) => string | null) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (code.trim() === '') {
      setError(adminSecurityText.codeRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(code.trim());
    } catch (err) {
      const text = failureText(err);
      if (text !== null) {
        setError(text);
        setCode('');
      }
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, error, setError, busy, setBusy, submit };
}
