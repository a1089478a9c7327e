import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A labelled select from a list of options. `placeholder` adds a first, disabled option with the value
 * '' (give `defaultValue=""` or `value=""`), so that nothing is chosen until the player picks.
 */
export function SelectField({
  label,
  hint,
  error,
  className,
  options,
  placeholder,
  ...select
}: Omit<FieldProps, 'children'> & { options: readonly SelectOption[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'children'
  >) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(props) => (
        <select {...select} {...props}>
          {placeholder === undefined ? null : (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
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
