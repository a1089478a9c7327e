import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

type Common = Omit<FieldProps, 'children'> & { action?: ReactNode };

/** A labelled text input; `action` puts a button beside it (Generate, Unlock). */
export function TextField({
  label,
  hint,
  error,
  className,
  action,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(props) =>
        action ? (
          <div className="field__row">
            <input {...input} {...props} />
            {action}
          </div>
        ) : (
          <input {...input} {...props} />
        )
      }
    </Field>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  ...textarea
}: Omit<FieldProps, 'children'> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(props) => <textarea {...textarea} {...props} />}
    </Field>
  );
}
