import { useId } from 'react';

/** An on/off switch with its label and a line under it (the settings cards' own look of a checkbox). */
export function Toggle(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="settings-toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>
        <span className="settings-toggle__label">{props.label}</span>
        {props.hint ? (
          <span className="settings-toggle__hint" id={`${id}-hint`}>
            {props.hint}
          </span>
        ) : null}
      </label>
    </div>
  );
}
