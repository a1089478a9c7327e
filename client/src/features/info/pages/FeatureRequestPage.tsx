import { useId, useState, type FormEvent } from 'react';
import { featurePriorities, type FeaturePriority } from '@gogo/shared/messages';
import { usePublicConfig } from '../../../lib/siteConfig';
import { Icon, type IconName } from '../../../components/Icon';
import { InfoLayout } from '../InfoLayout';
import { MailtoSent } from '../MailtoSent';
import { featureRequestMailto, openMailto } from '../mailto';

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

export default function FeatureRequestPage() {
  const { data: config, isError } = usePublicConfig();
  const email = config?.supportEmail;
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!email) return;
    const data = new FormData(e.currentTarget);
    const priority = String(data.get('priority') ?? '');
    if (!isPriority(priority)) return;
    const url = featureRequestMailto(email, {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      feature: String(data.get('feature') ?? ''),
      description: String(data.get('description') ?? ''),
      priority,
      useCase: String(data.get('useCase') ?? ''),
    });
    setSent(url);
    openMailto(url);
  };

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
        <form className="info-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>Your idea</h2>
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
            <label htmlFor={`${id}-feature`}>Feature</label>
            <input
              id={`${id}-feature`}
              name="feature"
              required
              maxLength={120}
              placeholder="A short name for your idea"
            />
          </div>
          <div className="form__field">
            <label htmlFor={`${id}-description`}>Description</label>
            <textarea id={`${id}-description`} name="description" rows={5} required maxLength={1200} />
          </div>
          <div className="form__field">
            <label htmlFor={`${id}-priority`}>Priority</label>
            <select id={`${id}-priority`} name="priority" defaultValue="Medium">
              {featurePriorities.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <div className="form__field">
            <label htmlFor={`${id}-use-case`}>
              Use case <span className="form__optional">(optional)</span>
            </label>
            <textarea
              id={`${id}-use-case`}
              name="useCase"
              rows={3}
              maxLength={600}
              placeholder="When would you use it? What would it change for you?"
            />
          </div>
          <button type="submit" className="button button--primary" disabled={!email}>
            Send feature request
          </button>
          {sent && email && <MailtoSent url={sent} supportEmail={email} />}
        </form>

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
