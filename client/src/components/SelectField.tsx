import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

export interface SelectOption {
  value: string | number;
  label: string;
}

/** A labelled select from a list of options. */
export function SelectField({
  label,
  hint,
  error,
  className,
  options,
  ...select
}: Omit<FieldProps, 'children'> & { options: readonly SelectOption[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'children'
  >) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(props) => (
        <select {...select} {...props}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
