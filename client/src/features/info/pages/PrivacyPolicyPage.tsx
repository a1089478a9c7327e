import { Link } from 'react-router-dom';
import { siteText } from '@gogo/shared/messages';
import { paths } from '../../../lib/paths';
import { storageKeys } from '../../../lib/storage';
import { usePublicConfig } from '../../../lib/siteConfig';
import { InfoLayout } from '../InfoLayout';
import { LegalSection, LegalToc } from '../LegalSection';

/**
 * What each browser storage key holds. Typed by the keys of lib/storage.ts: a new key does not compile
 * until it is described here, so the cookie policy can never fall behind the code.
 */
const storageDescriptions: Record<keyof typeof storageKeys, string> = {
  token: 'Your sign-in token. It expires after 7 days and is removed when you log out.',
  user: 'Your username, email address and last login time, to show who is signed in.',
  adminToken: 'Administrators only: the sign-in token of the back office.',
  settings: 'Your game settings: sound, display and gameplay preferences.',
  localLeaderboard: 'Your best results on this device, for the local leaderboard.',
  deviceId: 'A random identifier of this browser, used only by the local leaderboard.',
  creditsSeen: 'The ids of your approved deposit credits already announced, so each is celebrated once.',
  installDismissed: 'When you declined the offer to install the app, so that it is not offered again too soon.',
  rollMultiplier: 'The dice multiplier you last chose beside the roll button.',
  pushAsked: 'When you answered the offer of push notifications, so that it is not shown again by itself.',
};

const sections = [
  { id: 'who-we-are', title: 'Who we are' },
  { id: 'what-we-store', title: 'What we store' },
  { id: 'how-we-use-it', title: 'How we use it' },
  { id: 'sharing', title: 'Sharing and third parties' },
  { id: 'retention', title: 'How long we keep it' },
  { id: 'security', title: 'Security' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'cookies', title: 'Cookie policy and browser storage' },
  { id: 'children', title: "Children's privacy" },
  { id: 'changes', title: 'Changes and contact' },
] as const;

export default function PrivacyPolicyPage() {
  const { data: config } = usePublicConfig();
  const email = config?.supportEmail;
  const mail = email ? <a href={`mailto:${email}`}>{email}</a> : 'our support address';
  const n = (id: (typeof sections)[number]['id']) => sections.findIndex((s) => s.id === id) + 1;
  return (
    <InfoLayout
      eyebrow="Legal"
      title="Privacy Policy"
      lead={
        <>
          <p className="legal-updated">{siteText.lastUpdated}</p>
          <p>
            This policy explains what GOGO Board stores about you, why, and what you can do about it. In short: we keep
            what the game needs to run your account and your GOGO, we sell nothing, and we use no tracking cookies.
          </p>
        </>
      }
    >
      <LegalToc sections={sections} />
      <LegalSection n={n('who-we-are')} id="who-we-are" title="Who we are">
        <p>
          GOGO Board is a dice board game played in the browser, run by the GOGO Board team (&ldquo;we&rdquo;,
          &ldquo;us&rdquo;). This policy covers the website, the game and the back office our administrators use. For
          any question about your data, write to {mail}.
        </p>
      </LegalSection>
      <LegalSection n={n('what-we-store')} id="what-we-store" title="What we store">
        <p>Everything below is stored on our server, in one database:</p>
        <ul>
          <li>
            <strong>Your account:</strong> username, email address, your password as an argon2id hash (never the
            password itself), when you registered, when you last logged in and were last active, a counter of failed
            logins with any temporary lock, and a session version that lets us sign you out on every device.
          </li>
          <li>
            <strong>Your game:</strong> GOGO balance and dice rolls, board position, number of rolls, XP, level, laps,
            jackpots, achievements, your last moves and dice, your daily login streak and daily dice claims.
          </li>
          <li>
            <strong>Your rolls:</strong> every roll with the seed and counter used to compute it, your client seed and
            our server seeds (kept secret until they are rotated, then revealed so you can verify).
          </li>
          <li>
            <strong>Your ledger:</strong> every change of your GOGO and dice rolls, with its type, reason, amount,
            resulting balance and time. Ledger lines are never edited or deleted.
          </li>
          <li>
            <strong>Your transactions:</strong> dice purchases, deposits and withdrawal requests with amount, currency,
            the crypto address, transaction hash and reference you enter, your notes, the status, and the notes and
            times of the administrator who handled them.
          </li>
          <li>
            <strong>Referrals:</strong> your referral code, who invited you and whom you invited.
          </li>
          <li>
            <strong>Administrator actions:</strong> when an administrator changes something on your account (for example
            unlocks it), an audit record keeps who did what, and the values before and after.
          </li>
          <li>
            <strong>Server logs:</strong> each request to our server is logged with its time, address, result and your
            IP address. Your IP address is also counted in memory for a few minutes to limit repeated login attempts.
          </li>
        </ul>
        <p>
          We do not ask for your real name, postal address, phone number or date of birth, and we never ask for a
          wallet, seed phrase or private key.
        </p>
      </LegalSection>
      <LegalSection n={n('how-we-use-it')} id="how-we-use-it" title="How we use it">
        <ul>
          <li>To run your account and the game: sign-in, rolls, rewards, achievements, streaks and daily dice.</li>
          <li>To handle your dice purchases, deposits and withdrawals, which an administrator reviews by hand.</li>
          <li>To keep accounts safe: lockout after failed logins, rate limits and investigating abuse.</li>
          <li>
            To show the leaderboard: your username, level, GOGO earned and score are visible to everyone on the{' '}
            <Link to={`${paths.home}#leaderboard`}>leaderboard</Link>. Nothing else about you is public.
          </li>
          <li>To answer the messages you send us.</li>
        </ul>
        <p>We do not use your data for advertising, and we do not build profiles of you.</p>
      </LegalSection>
      <LegalSection n={n('sharing')} id="sharing" title="Sharing and third parties">
        <p>
          We do not sell, rent or trade your data. The site loads no scripts, fonts or images from other companies: no
          analytics, no advertising networks, no social media widgets. Our administrators see the account and
          transaction data they need to process your requests. We disclose data to authorities only when the law
          requires it. Messages you send us from the contact forms go through your own email provider.
        </p>
      </LegalSection>
      <LegalSection n={n('retention')} id="retention" title="How long we keep it">
        <p>
          We keep your account and game data while your account exists. When you delete your account (My Account,
          Settings), we remove your username, email address, avatar, settings and friends from it; the ledger and
          transaction records stay, without your name, because we need them to keep balances and payments accountable.
          Server logs are kept only as long as we need them to operate the service and investigate problems.
        </p>
      </LegalSection>
      <LegalSection n={n('security')} id="security" title="Security">
        <p>
          Passwords are hashed with argon2id. Sessions are signed tokens that expire after 7 days and end on every
          device when you log out or change your password. Five failed logins lock an account for 15 minutes. A strict
          Content Security Policy blocks scripts from anywhere but our own site. Administrators use separate accounts,
          and every administrator action is recorded. No system is perfectly secure: use a password you use nowhere
          else.
        </p>
      </LegalSection>
      <LegalSection n={n('your-rights')} id="your-rights" title="Your rights">
        <p>
          In My Account, Settings, you can download a copy of everything we store about you (a JSON file), correct your
          username and email address, choose who sees your profile and whether you appear on leaderboards, deactivate
          your account, or delete it and remove your personal details as described above. For anything else, or to
          object to how we use your data, write to {mail} from the email address of your account; we answer{' '}
          {siteText.supportResponseTime} and complete requests within 30 days. You may also complain to your data
          protection authority.
        </p>
      </LegalSection>
      <LegalSection n={n('cookies')} id="cookies" title="Cookie policy and browser storage">
        <p>
          GOGO Board sets <strong>no cookies</strong> and uses no tracking technology. To work, the app keeps a few
          items in your browser&rsquo;s local storage. They never leave your device, except that your sign-in token is
          sent to our server with each request to prove who you are.
        </p>
        <div className="table-scroll">
          <table className="info-table">
            <caption className="visually-hidden">Browser storage keys used by GOGO Board</caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">What it holds</th>
              </tr>
            </thead>
            <tbody>
              {(Object.keys(storageKeys) as (keyof typeof storageKeys)[]).map((key) => (
                <tr key={key}>
                  <th scope="row">
                    <code>{storageKeys[key]}</code>
                  </th>
                  <td>{storageDescriptions[key]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          You can remove them at any time by clearing this site&rsquo;s data in your browser settings; you will then be
          signed out and your device settings reset.
        </p>
      </LegalSection>
      <LegalSection n={n('children')} id="children" title="Children's privacy">
        <p>
          GOGO Board is not intended for children under 13, and we do not knowingly store data about them. If you
          believe a child under 13 has an account, write to {mail} and we will delete it.
        </p>
      </LegalSection>
      <LegalSection n={n('changes')} id="changes" title="Changes and contact">
        <p>
          When we change this policy we update the date at the top of this page. Questions or requests: {mail}. See also
          our <Link to={paths.termsOfService}>Terms of Service</Link>.
        </p>
      </LegalSection>
    </InfoLayout>
  );
}
