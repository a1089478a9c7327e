import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { helpTopics, referralText, siteText, type HelpTopic } from '@gogo/shared/messages';
import { MIN_WITHDRAWAL_GOGO, REFERRAL_REWARD_GOGO, rewardHint } from '@gogo/shared/rules';
import { paths } from '../../../lib/paths';
import { usePublicConfig } from '../../../lib/siteConfig';
import { Icon } from '../../../components/Icon';
import { SelectField } from '../../../components/SelectField';
import { TextAreaField } from '../../../components/TextField';
import { InfoLayout } from '../InfoLayout';
import { MailtoForm, type FormText } from '../MailtoForm';
import { helpMailto } from '../mailto';

const faqs: { question: string; answer: ReactNode }[] = [
  {
    question: 'Do I need to connect a crypto wallet?',
    answer: (
      <p>
        No. GOGO Board never connects to a wallet. Your GOGO are off-chain credits kept in your GOGO Board account on
        our server. You only type a crypto address when you ask for a withdrawal, and a payment reference when you buy
        dice rolls. We will never ask for a seed phrase or private key.
      </p>
    ),
  },
  {
    question: 'How do I earn GOGO?',
    answer: (
      <>
        <p>
          Roll the die and land on tiles: Start {rewardHint('START')}, properties {rewardHint('PROPERTY')}, chance{' '}
          {rewardHint('CHANCE')} and jackpots {rewardHint('JACKPOT')} GOGO, while penalty tiles cost{' '}
          {rewardHint('PENALTY').replace('-', '')}.
        </p>
        <p>
          On top of that: achievements (each pays once), the daily login streak (50 GOGO for each day in a row, with
          extra bonuses at 7, 30 and 100 days) and referrals ({referralText.helpRule(REFERRAL_REWARD_GOGO)}).
        </p>
      </>
    ),
  },
  {
    question: 'How do I withdraw my GOGO?',
    answer: (
      <p>
        On your account page, open Withdraw and enter a whole amount of at least {MIN_WITHDRAWAL_GOGO} GOGO (up to your
        balance) and a crypto address. The amount is set aside at once and an administrator reviews every request by
        hand. A rejected request returns the GOGO to your balance as a refund. GOGO are game credits with no guaranteed
        value: please read the <Link to={paths.termsOfService}>Terms of Service</Link> first.
      </p>
    ),
  },
  {
    question: 'Are the dice fair?',
    answer: (
      <p>
        Yes, and you can check. Each roll is computed on our server from a secret server seed, your client seed and a
        counter. Before you roll you see the SHA-256 fingerprint of the server seed, so it cannot be changed afterwards.
        When the seed is rotated it is revealed, and the Fairness panel in the game re-computes your past rolls in your
        browser with the same formula.
      </p>
    ),
  },
  {
    question: 'What happens if I lose my connection?',
    answer: (
      <p>
        Nothing is lost. The server decides and saves each roll in one step, so a roll is never half done. If your
        connection drops while the die spins, reload the game: your balance and position show what the server recorded.
        A retried roll is recognised and never charged twice. While the server cannot be reached the game says so and
        the die waits.
      </p>
    ),
  },
  {
    question: 'How do I report a bug?',
    answer: (
      <p>
        Use the form below with the topic &ldquo;Technical problem&rdquo;, or the{' '}
        <Link to={paths.contactUs}>contact page</Link>. Tell us what you did, what you expected, what happened instead,
        and which device and browser you use; a screenshot helps. Ideas rather than bugs are welcome on the{' '}
        <Link to={paths.featureRequest}>feature request page</Link>.
      </p>
    ),
  },
];

function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="faq">
      {faqs.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${baseId}-q${i}`;
        const panelId = `${baseId}-a${i}`;
        return (
          <div className={expanded ? 'faq__item is-open' : 'faq__item'} key={item.question}>
            <h3 className="faq__question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
              >
                <span>{item.question}</span>
                <span className="faq__chevron" aria-hidden="true" />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}

const topicOptions = helpTopics.map((t) => ({ value: t.value, label: t.label }));

const compose = (to: string, text: FormText) => {
  const topic = helpTopics.find((t) => t.value === (text('topic') as HelpTopic));
  if (!topic) return null;
  return helpMailto(to, { name: text('name'), email: text('email'), topic: topic.label, message: text('message') });
};

export default function HelpCenterPage() {
  const { data: config, isError } = usePublicConfig();
  const email = config?.supportEmail;
  return (
    <InfoLayout
      eyebrow="Support"
      title="Help Center"
      lead={<p>Quick answers to the questions players ask most, and a direct line to the team.</p>}
    >
      <div className="help-layout">
        <section className="info-section help-layout__faq" aria-labelledby="faq-title">
          <h2 id="faq-title">Frequently asked questions</h2>
          <Faq />
        </section>
        <aside className="contact-card" aria-labelledby="email-card-title">
          <span className="contact-card__icon">
            <Icon name="mail" />
          </span>
          <h2 id="email-card-title">Email support</h2>
          {email ? (
            <p>
              <a href={`mailto:${email}`} className="contact-card__email">
                {email}
              </a>
            </p>
          ) : (
            <p>{isError ? 'The support address could not be loaded. Please reload the page.' : 'Loading…'}</p>
          )}
          <p>We answer every message {siteText.supportResponseTime}.</p>
        </aside>
      </div>
      <MailtoForm
        title={siteText.stillNeedHelp}
        intro={
          <>
            Send us a message: your email app opens with everything filled in. We answer {siteText.supportResponseTime}.
          </>
        }
        supportEmail={email}
        submitLabel="Send message"
        compose={compose}
      >
        <SelectField
          label="Subject"
          name="topic"
          required
          defaultValue=""
          placeholder="Choose a topic"
          options={topicOptions}
        />
        <TextAreaField label="Message" name="message" rows={5} required maxLength={1500} />
      </MailtoForm>
    </InfoLayout>
  );
}
