import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../components/TextField';
import { MailtoSent } from './MailtoSent';
import { openMailto } from './mailto';

/** A field's text by its name ('' when the form has no such field). */
export type FormText = (name: string) => string;

interface Props {
  title: ReactNode;
  intro?: ReactNode;
  /** The support address; until it has loaded the form cannot be sent. */
  supportEmail: string | undefined;
  submitLabel: string;
  /** The mailto: URL of the filled-in form, or null when a select holds a value not in its list. */
  compose: (to: string, text: FormText) => string | null;
  /** The fields after the name and email row. */
  children: ReactNode;
}

/**
 * The contact, help and feature-request forms: a name and email row, the page's own fields, a submit
 * that opens the mail app (no network call) and, once it has, what happened and how to retry.
 */
export function MailtoForm({ title, intro, supportEmail, submitLabel, compose, children }: Props) {
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!supportEmail) return;
    const data = new FormData(e.currentTarget);
    const url = compose(supportEmail, (name) => String(data.get(name) ?? ''));
    if (!url) return;
    setSent(url);
    openMailto(url);
  };

  return (
    <form className="info-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p className="info-form__intro">{intro}</p> : null}
      <div className="info-form__row">
        <TextField label="Name" name="name" autoComplete="name" required maxLength={100} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} />
      </div>
      {children}
      <button type="submit" className="button button--primary" disabled={!supportEmail}>
        {submitLabel}
      </button>
      {sent && supportEmail && <MailtoSent url={sent} supportEmail={supportEmail} />}
    </form>
  );
}
