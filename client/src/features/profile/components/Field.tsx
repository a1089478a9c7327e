import { useId, type ReactNode } from 'react';

interface InputProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface Props {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  input: (props: InputProps) => ReactNode;
}

/** A labelled form field whose hint and error are tied to the input for screen readers. */
export function Field({ label, error, hint, input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      {input({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p className="account-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
