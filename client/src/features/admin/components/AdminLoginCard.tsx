import { useId, type FormEvent, type ReactNode } from 'react';
import { BrandMark } from '../../../components/BrandMark';

interface Props {
  title: string;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (e: FormEvent) => void;
  /** The fields, between the title and the error. */
  children: ReactNode;
  /** Below the submit button: a way back (home, or start the sign-in over). */
  footer: ReactNode;
}

/** The back office's sign-in card, shared by the password step and the second-factor step. */
export function AdminLoginCard({ title, error, busy, submitLabel, busyLabel, onSubmit, children, footer }: Props) {
  const errorId = useId();
  return (
    <form
      className="admin-login__card form"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <div className="admin-login__brand">
        <BrandMark />
        <span>GOGO Board back office</span>
      </div>
      <h1>{title}</h1>
      {children}
      {error && (
        <p className="alert alert--error" role="alert" id={errorId}>
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
      {footer}
    </form>
  );
}
