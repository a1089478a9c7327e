import { useState, type FormEvent } from 'react';
import { useSession } from '../../../lib/session';

/**
 * The state of a money request form (deposit, dice purchase, withdrawal): the typed values, an error
 * per field, the server's refusal and the success line. Typing in a field clears its error and the
 * last success; `start` clears both messages when the form is sent again. `Extra` names errors of
 * fields kept elsewhere (the withdrawal's coin). With `signedOutText` the form refuses to send
 * without a session (the deposit tab's forms), before any check.
 */
export function useRequestForm<Values extends Record<string, string>, Extra extends string = never>(
  initial: Values,
  signedOutText?: string,
) {
  const { token } = useSession();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | Extra, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSuccess(null);
  };
  /** The submit's first step: no page load, no old messages; false when signed out (and said so). */
  const start = (e: FormEvent) => {
    e.preventDefault();
    setFormError(signedOutText !== undefined && !token ? signedOutText : null);
    setSuccess(null);
    return signedOutText === undefined || Boolean(token);
  };
  /** Shows the field errors found by the form's checks; true when there are none. */
  const check = (found: Partial<Record<keyof Values | Extra, string>>) => {
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  /** A request's outcome: its success line and the values to keep, or the server's refusal. */
  const settle = <Data>(
    successText: (data: Data) => string,
    next: (values: Values) => Values,
    errorText: (err: unknown) => string,
  ) => ({
    onSuccess: (data: Data) => {
      setSuccess(successText(data));
      setValues(next);
    },
    onError: (err: unknown) => setFormError(errorText(err)),
  });
  return { values, setValues, errors, setErrors, formError, setFormError, success, set, start, check, settle };
}

/** What the end of a request form reads from its state. */
export type RequestForm<Values extends Record<string, string>> = Pick<
  ReturnType<typeof useRequestForm<Values>>,
  'values' | 'errors' | 'set' | 'formError' | 'success'
>;
