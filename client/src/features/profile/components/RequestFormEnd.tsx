import type { ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { TextAreaField } from '../../../components/TextField';
import type { RequestForm } from './useRequestForm';

/**
 * The end of a money request form: the optional note (the form's field `note`), the server's refusal
 * or the request number, and the submit button ('Submitting...' while the request runs). `children`
 * go between the messages and the button (the withdrawal's resend-verification offer).
 */
export function RequestFormEnd<Values extends Record<string, string>>(props: {
  form: RequestForm<Values>;
  note: keyof Values & string;
  noteLabel: string;
  pending: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { form } = props;
  return (
    <>
      <TextAreaField
        label={props.noteLabel}
        rows={2}
        value={form.values[props.note]}
        onChange={(e) => form.set(props.note)(e.target.value)}
      />
      {form.formError ? <Alert kind="error">{form.formError}</Alert> : null}
      {props.children}
      {form.success ? <Alert kind="success">{form.success}</Alert> : null}
      <button type="submit" className="button button--primary button--block" disabled={props.pending}>
        {props.pending ? 'Submitting...' : props.submitLabel}
      </button>
    </>
  );
}
