/** Shown after a form opened the mail app: what happened, and a way to retry or write by hand. */
export function MailtoSent({ url, supportEmail }: { url: string; supportEmail: string }) {
  return (
    <div className="mail-sent" role="status">
      <p>
        <strong>Your email app should open now</strong> with your message to {supportEmail}. Press send there to reach
        us; nothing has been sent yet.
      </p>
      <p>
        Nothing opened?{' '}
        <a href={url} data-testid="mailto-link">
          Open the email again
        </a>{' '}
        or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> yourself.
      </p>
    </div>
  );
}
