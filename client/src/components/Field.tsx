import { useId, type ReactNode } from 'react';
import './Field.css';

/** What a field hands its control, so the label, hint and error reach screen readers. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the control; its error (a text of shared/src/messages/index.ts) replaces nothing. */
  hint?: ReactNode;
  error?: string | null | undefined;
  className?: string;
  /** The control, given its id and aria attributes. */
  children: (props: ControlProps) => ReactNode;
}

/** A labelled form field whose hint and validation message are tied to the control. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `form__field ${className}` : 'form__field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="form__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
