import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './Field.css';

/** A checkbox with its label (and an optional line under it) as one 44 px tap target. */
export function Checkbox({
  label,
  hint,
  ...input
}: { label: ReactNode; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const hintId = useId();
  return (
    <label className="checkbox">
      <input type="checkbox" {...input} aria-describedby={hint ? hintId : undefined} />
      <span className="checkbox__text">
        {label}
        {hint ? (
          <span className="field__hint" id={hintId}>
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
