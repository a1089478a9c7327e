import { Link } from 'react-router-dom';
import { siteText } from '@gogo/shared/messages';
import {
  DAILY_DICE_BASE,
  DICE_PER_USD,
  DICE_PURCHASE_STEP,
  MIN_DICE_PURCHASE,
  MIN_WITHDRAWAL_GOGO,
  STARTING_DICE_ROLLS,
} from '@gogo/shared/rules';
import { paths } from '../../../lib/paths';
import { formatLaunchDate, formatUsd } from '../../../lib/plainFormat';
import { usePublicConfig } from '../../../lib/siteConfig';
import { gogoValueOf } from '../../../lib/gogoValue';
import { InfoLayout } from '../InfoLayout';
import { LegalSection, LegalToc } from '../LegalSection';

const sections = [
  { id: 'agreement', title: 'Agreement' },
  { id: 'the-service', title: 'The service' },
  { id: 'accounts', title: 'Eligibility and your account' },
  { id: 'gogo-credits', title: 'GOGO credits' },
  { id: 'dice-and-purchases', title: 'Dice rolls and purchases' },
  { id: 'withdrawals', title: 'Withdrawals' },
  { id: 'token-launch', title: 'The token launch announcement' },
  { id: 'fair-play', title: 'Fair play' },
  { id: 'disputes', title: 'Fair dice and disputes' },
  { id: 'availability', title: 'Availability and changes to the game' },
  { id: 'liability', title: 'Liability' },
  { id: 'changes', title: 'Changes to these terms and contact' },
] as const;

export default function TermsOfServicePage() {
  const { data: config } = usePublicConfig();
  const mail = config ? <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> : 'our support address';
  const n = (id: (typeof sections)[number]['id']) => sections.findIndex((s) => s.id === id) + 1;
  return (
    <InfoLayout
      eyebrow="Legal"
      title="Terms of Service"
      lead={
        <>
          <p className="legal-updated">{siteText.lastUpdated}</p>
          <p>
            These terms are the rules for playing GOGO Board and for GOGO credits. Please read sections{' '}
            {n('gogo-credits')} to {n('token-launch')} in particular: they explain what GOGO are and are not.
          </p>
        </>
      }
    >
      <LegalToc sections={sections} />
      <LegalSection n={n('agreement')} id="agreement" title="Agreement">
        <p>
          By creating an account or playing GOGO Board you accept these terms and our{' '}
          <Link to={paths.privacyPolicy}>Privacy Policy</Link>. If you do not accept them, please do not use the
          service.
        </p>
      </LegalSection>
      <LegalSection n={n('the-service')} id="the-service" title="The service">
        <p>
          GOGO Board is a browser game: you spend dice rolls to move a token around a 20-tile board and win or lose GOGO
          credits, XP, levels and achievements. Playing is free; new accounts get {STARTING_DICE_ROLLS} dice rolls and
          every player can claim {DAILY_DICE_BASE} free dice rolls a day. Extra dice rolls can be bought.
        </p>
      </LegalSection>
      <LegalSection n={n('accounts')} id="accounts" title="Eligibility and your account">
        <p>
          You must be at least 13 years old to play, and old enough to make payments where you live to buy dice rolls or
          request withdrawals. One account per person. Keep your password to yourself: you are responsible for what
          happens in your account. Tell us at once at {mail} if you think someone else has used it.
        </p>
      </LegalSection>
      <LegalSection n={n('gogo-credits')} id="gogo-credits" title="GOGO credits">
        <p>
          GOGO are off-chain game credits recorded in our ledger. They are not money, electronic money, a cryptocurrency
          or an investment, they have <strong>no guaranteed value</strong>, and they cannot be transferred to other
          players. Your balance is what our server&rsquo;s ledger says. If a bug credits or removes GOGO by mistake we
          may correct it with a visible entry in your history.
        </p>
      </LegalSection>
      <LegalSection n={n('dice-and-purchases')} id="dice-and-purchases" title="Dice rolls and purchases">
        <p>
          Dice rolls cost 1 USD per {DICE_PER_USD} rolls, bought in steps of {DICE_PURCHASE_STEP} (at least{' '}
          {MIN_DICE_PURCHASE}). You pay by crypto transfer and tell us the transaction; a person checks each payment and
          only then credits the rolls. Until then the request is pending. A payment we cannot match is rejected and we
          contact you at your account email. Dice rolls that have been used cannot be refunded.
        </p>
      </LegalSection>
      <LegalSection n={n('withdrawals')} id="withdrawals" title="Withdrawals">
        <p>
          You may request a withdrawal of whole GOGO, at least {MIN_WITHDRAWAL_GOGO} and at most your balance. The
          amount is set aside when you ask. An administrator reviews each request by hand; there is no guaranteed
          processing time. We may reject a request, for example when we suspect abuse of these terms; the GOGO then
          return to your balance. A withdrawal request is not a promise of payment of any particular amount.
        </p>
      </LegalSection>
      <LegalSection n={n('token-launch')} id="token-launch" title="The token launch announcement">
        <p>
          {config
            ? `We announced a GOGO token launch for ${formatLaunchDate(config.launchAt)} at a launch price of ${formatUsd(config.launchPriceUsd)} per GOGO. ${gogoValueOf(config, Date.now()).line} `
            : 'We have announced a GOGO token launch. '}
          This announcement is a plan, not a promise: the date and price may change and the launch may not happen.
          Nothing in GOGO Board entitles you to any token, payment or return, and the &ldquo;potential value&rdquo;
          shown in the game is an illustration, not an offer.
        </p>
      </LegalSection>
      <LegalSection n={n('fair-play')} id="fair-play" title="Fair play">
        <p>Do not:</p>
        <ul>
          <li>use bots, scripts or automation to play;</li>
          <li>open several accounts to collect referral, streak or daily bonuses more than once;</li>
          <li>exploit bugs instead of reporting them;</li>
          <li>attack, overload or try to break into the service or other players&rsquo; accounts;</li>
          <li>use a username that impersonates others or is offensive.</li>
        </ul>
        <p>
          If you do, we may suspend your account and remove GOGO or dice rolls obtained that way, with an entry in your
          history.
        </p>
      </LegalSection>
      <LegalSection n={n('disputes')} id="disputes" title="Fair dice and disputes">
        <p>
          Every roll is provably fair and can be verified in the game&rsquo;s Fairness panel once its server seed is
          revealed. If you believe a roll, a balance or a transaction is wrong, write to {mail} within 30 days with the
          details. The ledger is the record we check; we answer {siteText.supportResponseTime}.
        </p>
      </LegalSection>
      <LegalSection n={n('availability')} id="availability" title="Availability and changes to the game">
        <p>
          We work to keep GOGO Board running but do not guarantee it is always available; it may be offline for
          maintenance. We may change rewards, rules and features for the future. Changes never rewrite your ledger: GOGO
          already credited stay credited, except for the corrections described above.
        </p>
      </LegalSection>
      <LegalSection n={n('liability')} id="liability" title="Liability">
        <p>
          GOGO Board is provided as it is. As far as the law allows, we are not liable for indirect losses, lost profits
          or losses from the value you expected GOGO to have. Nothing in these terms limits liability that the law does
          not allow us to limit, or your rights as a consumer.
        </p>
      </LegalSection>
      <LegalSection n={n('changes')} id="changes" title="Changes to these terms and contact">
        <p>
          When we change these terms we update the date at the top of this page. Playing after a change means you accept
          the new terms. Questions: {mail}, or the <Link to={paths.contactUs}>contact page</Link>.
        </p>
      </LegalSection>
    </InfoLayout>
  );
}
