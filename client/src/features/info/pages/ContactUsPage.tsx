import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { contactSubjects, siteText, type ContactSubject } from '@gogo/shared/messages';
import { paths } from '../../../app/paths';
import { usePublicConfig } from '../../../lib/siteConfig';
import { Icon } from '../../../components/Icon';
import { InfoLayout } from '../InfoLayout';
import { MailtoSent } from '../MailtoSent';
import { contactMailto, openMailto } from '../mailto';

const isSubject = (value: string): value is ContactSubject => (contactSubjects as readonly string[]).includes(value);

export default function ContactUsPage() {
  const { data: config, isError } = usePublicConfig();
  const email = config?.supportEmail;
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!email) return;
    const data = new FormData(e.currentTarget);
    const subject = String(data.get('subject') ?? '');
    if (!isSubject(subject)) return;
    const url = contactMailto(email, {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      subject,
      message: String(data.get('message') ?? ''),
    });
    setSent(url);
    openMailto(url);
  };

  return (
    <InfoLayout
      eyebrow="Support"
      title="Contact Us"
      lead={
        <p>
          Questions about your account, a payment, a problem in the game or a partnership? Write to us: a person reads
          every message.
        </p>
      }
    >
      <div className="contact-layout">
        <form className="info-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>Send us a message</h2>
          <p className="info-form__intro">
            Sending opens your email app with your message filled in; nothing is sent until you press send there.
          </p>
          <div className="info-form__row">
            <div className="form__field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input id={`${id}-name`} name="name" autoComplete="name" required maxLength={100} />
            </div>
            <div className="form__field">
              <label htmlFor={`${id}-email`}>Email</label>
              <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={254} />
            </div>
          </div>
          <div className="form__field">
            <label htmlFor={`${id}-subject`}>Subject</label>
            <select id={`${id}-subject`} name="subject" required defaultValue="">
              <option value="" disabled>
                Choose a subject
              </option>
              {contactSubjects.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="form__field">
            <label htmlFor={`${id}-message`}>Message</label>
            <textarea id={`${id}-message`} name="message" rows={6} required maxLength={1500} />
          </div>
          <button type="submit" className="button button--primary" disabled={!email}>
            Send message
          </button>
          {sent && email && <MailtoSent url={sent} supportEmail={email} />}
        </form>

        <div className="contact-side">
          <section className="contact-card" aria-labelledby="contact-details">
            <span className="contact-card__icon">
              <Icon name="mail" />
            </span>
            <h2 id="contact-details">Contact details</h2>
            <dl className="contact-details">
              <div>
                <dt>Email</dt>
                <dd>
                  {email ? (
                    <a href={`mailto:${email}`} className="contact-card__email">
                      {email}
                    </a>
                  ) : isError ? (
                    'The address could not be loaded. Please reload the page.'
                  ) : (
                    'Loading…'
                  )}
                </dd>
              </div>
              <div>
                <dt>Response time</dt>
                <dd>We answer {siteText.supportResponseTime}.</dd>
              </div>
              <div>
                <dt>When</dt>
                <dd>Write any time, day or night: messages are answered in the order they arrive.</dd>
              </div>
            </dl>
          </section>
          <nav className="contact-card" aria-labelledby="contact-links">
            <h2 id="contact-links">Quick links</h2>
            <ul className="link-list">
              <li>
                <Link to={paths.helpCenter}>Help Center and FAQ</Link>
              </li>
              <li>
                <Link to={paths.howToPlay}>How to Play</Link>
              </li>
              <li>
                <Link to={paths.featureRequest}>Suggest a feature</Link>
              </li>
              <li>
                <Link to={paths.privacyPolicy}>Privacy Policy</Link>
              </li>
              <li>
                <Link to={paths.termsOfService}>Terms of Service</Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </InfoLayout>
  );
}
