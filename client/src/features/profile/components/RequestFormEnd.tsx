import type { ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { TextAreaField } from '../../../components/TextField';

/**
 * The end of a money request form: the optional note, the server's refusal or the request number,
 * and the submit button ('Submitting...' while the request runs). `children` go between the
 * messages and the button (the withdrawal's resend-verification offer).
 */
export function RequestFormEnd(props: {
  noteLabel: string;
  note: string;
  onNote: (value: string) => void;
  error: string | null;
  success: string | null;
  pending: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  return (
    <>
      <TextAreaField
        label={props.noteLabel}
        rows={2}
        value={props.note}
        onChange={(e) => props.onNote(e.target.value)}
      />
      {props.error ? <Alert kind="error">{props.error}</Alert> : null}
      {props.children}
      {props.success ? <Alert kind="success">{props.success}</Alert> : null}
      <button type="submit" className="button button--primary button--block" disabled={props.pending}>
        {props.pending ? 'Submitting...' : props.submitLabel}
      </button>
    </>
  );
}
