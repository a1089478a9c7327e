import { featurePriorities, type FeaturePriority } from '@gogo/shared/messages';
import { usePublicConfig } from '../../../lib/siteConfig';
import { Icon, type IconName } from '../../../components/Icon';
import { SelectField } from '../../../components/SelectField';
import { TextAreaField, TextField } from '../../../components/TextField';
import { InfoLayout } from '../InfoLayout';
import { MailtoForm, type FormText } from '../MailtoForm';
import { featureRequestMailto } from '../mailto';

const isPriority = (value: string): value is FeaturePriority =>
  (featurePriorities as readonly string[]).includes(value);

const howItWorks = [
  {
    title: 'Send your idea',
    text: 'Fill in the form. Your email app opens with the request written out; press send there.',
  },
  {
    title: 'We review it',
    text: 'The team reads every request and weighs it against what players ask for most and what keeps the game fair.',
  },
  {
    title: 'We reply',
    text: 'You hear back from us by email, including whether the idea made it onto our plans.',
  },
] as const;

const wanted = [
  {
    icon: 'puzzle' as IconName,
    title: 'New tiles and board events',
    text: 'Tiles, events and twists that make a lap more exciting.',
  },
  {
    icon: 'star' as IconName,
    title: 'Achievements and challenges',
    text: 'Goals worth chasing, for new and seasoned players.',
  },
  { icon: 'users' as IconName, title: 'Social features', text: 'Ways to play with friends and compare results.' },
  {
    icon: 'access' as IconName,
    title: 'Accessibility',
    text: 'Anything that makes the game easier to see, hear or control.',
  },
  {
    icon: 'sliders' as IconName,
    title: 'Quality of life',
    text: 'Settings, shortcuts and small fixes that save you time.',
  },
  {
    icon: 'search' as IconName,
    title: 'Fairness and transparency',
    text: 'Better ways to check rolls, balances and history.',
  },
] as const;

const priorityOptions = featurePriorities.map((p) => ({ value: p, label: p }));

const compose = (to: string, text: FormText) => {
  const priority = text('priority');
  if (!isPriority(priority)) return null;
  return featureRequestMailto(to, {
    name: text('name'),
    email: text('email'),
    feature: text('feature'),
    description: text('description'),
    priority,
    useCase: text('useCase'),
  });
};

export default function FeatureRequestPage() {
  const { data: config, isError } = usePublicConfig();
  const email = config?.supportEmail;

  return (
    <InfoLayout
      eyebrow="Feedback"
      title="Feature Request"
      lead={<p>What should GOGO Board do next? Tell us: the best ideas come from the people who play.</p>}
    >
      <section className="info-section" aria-labelledby="how-it-works">
        <h2 id="how-it-works">How it works</h2>
        <ol className="info-steps info-steps--row">
          {howItWorks.map((s, i) => (
            <li className="info-step" key={s.title}>
              <span className="info-step__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <div className="contact-layout">
        <MailtoForm title="Your idea" supportEmail={email} submitLabel="Send feature request" compose={compose}>
          <TextField label="Feature" name="feature" required maxLength={120} placeholder="A short name for your idea" />
          <TextAreaField label="Description" name="description" rows={5} required maxLength={1200} />
          <SelectField label="Priority" name="priority" defaultValue="Medium" options={priorityOptions} />
          <TextAreaField
            label={
              <>
                Use case <span className="form__optional">(optional)</span>
              </>
            }
            name="useCase"
            rows={3}
            maxLength={600}
            placeholder="When would you use it? What would it change for you?"
          />
        </MailtoForm>

        <div className="contact-side">
          <section className="contact-card" aria-labelledby="wanted-title">
            <h2 id="wanted-title">Ideas we are looking for</h2>
            <ul className="wanted-list">
              {wanted.map((w) => (
                <li key={w.title}>
                  <span className="wanted-list__icon">
                    <Icon name={w.icon} />
                  </span>
                  <span>
                    <strong>{w.title}</strong>
                    <span className="wanted-list__text">{w.text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section className="contact-card" aria-labelledby="fr-contact">
            <span className="contact-card__icon">
              <Icon name="mail" />
            </span>
            <h2 id="fr-contact">Prefer to write?</h2>
            <p>
              {email ? (
                <>
                  Email us at{' '}
                  <a href={`mailto:${email}`} className="contact-card__email">
                    {email}
                  </a>{' '}
                  with &ldquo;Feature Request&rdquo; in the subject.
                </>
              ) : isError ? (
                'The address could not be loaded. Please reload the page.'
              ) : (
                'Loading…'
              )}
            </p>
          </section>
        </div>
      </div>
    </InfoLayout>
  );
}
