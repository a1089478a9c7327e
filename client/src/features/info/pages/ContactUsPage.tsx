import { Link } from 'react-router-dom';
import { contactSubjects, siteText, type ContactSubject } from '@gogo/shared/messages';
import { paths } from '../../../lib/paths';
import { usePublicConfig } from '../../../lib/siteConfig';
import { Icon } from '../../../components/Icon';
import { SelectField } from '../../../components/SelectField';
import { TextAreaField } from '../../../components/TextField';
import { InfoLayout } from '../InfoLayout';
import { MailtoForm, type FormText } from '../MailtoForm';
import { contactMailto } from '../mailto';

const isSubject = (value: string): value is ContactSubject => (contactSubjects as readonly string[]).includes(value);

const subjectOptions = contactSubjects.map((s) => ({ value: s, label: s }));

const compose = (to: string, text: FormText) => {
  const subject = text('subject');
  if (!isSubject(subject)) return null;
  return contactMailto(to, { name: text('name'), email: text('email'), subject, message: text('message') });
};

export default function ContactUsPage() {
  const { data: config, isError } = usePublicConfig();
  const email = config?.supportEmail;

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
        <MailtoForm
          title="Send us a message"
          intro="Sending opens your email app with your message filled in; nothing is sent until you press send there."
          supportEmail={email}
          submitLabel="Send message"
          compose={compose}
        >
          <SelectField
            label="Subject"
            name="subject"
            required
            defaultValue=""
            placeholder="Choose a subject"
            options={subjectOptions}
          />
          <TextAreaField label="Message" name="message" rows={6} required maxLength={1500} />
        </MailtoForm>

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
