import { useState } from 'react';

/**
 * The state of a money request form (deposit, dice purchase, withdrawal): the typed values, an error
 * per field, the server's refusal and the success line. Typing in a field clears its error and the
 * last success; `begin` clears both messages when the form is sent again. `Extra` names errors of
 * fields kept elsewhere (the withdrawal's coin).
 */
export function useRequestForm<Values extends Record<string, string>, Extra extends string = never>(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | Extra, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSuccess(null);
  };
  const begin = () => {
    setFormError(null);
    setSuccess(null);
  };
  return { values, setValues, errors, setErrors, formError, setFormError, success, setSuccess, set, begin };
}
