import { useId, useState, type FormEvent } from 'react';
import { historyText, referralAppliedPlaceholder, referralText } from '@gogo/shared/messages';
import { REFERRAL_REWARD_GOGO } from '@gogo/shared/rules';
import { validateReferralCode } from '@gogo/shared/validation';
import { Alert } from '../../../components/Alert';
import { CopyButton } from '../../../components/CopyButton';
import { messageForError } from '../../../lib/api/errors';
import {
  useApplyReferral,
  useReferralCode,
  useReferralFriends,
  useReferralStats,
  useReferralStatus,
} from '../api/referrals';
import { referralErrorText } from '../format';
import { referralLink, shareReferral, type ShareOutcome } from './referralLink';
import './ReferralTab.css';

/** Referral tab: the player's code, applying a friend's code once, and the friends referred. */
export function ReferralTab() {
  return (
    <div className="account-section account-referral">
      <MyCode />
      <ApplyCode />
      <Friends />
    </div>
  );
}

function MyCode() {
  const code = useReferralCode();
  return (
    <section className="account-card" aria-labelledby="referral-code-title">
      <h2 id="referral-code-title">Your referral code</h2>
      <p>{referralText.rewardRule(REFERRAL_REWARD_GOGO)}</p>
      {code.isError ? (
        <Alert kind="error">{messageForError(code.error)}</Alert>
      ) : (
        <div className="referral-code">
          <code className="referral-code__value" data-testid="my-referral-code">
            {code.data?.referralCode ?? '········'}
          </code>
          {code.data ? <CopyButton value={code.data.referralCode} label="Copy your referral code" /> : null}
        </div>
      )}
      {code.data ? <ShareLink code={code.data.referralCode} /> : null}
    </section>
  );
}

const SHARE_FEEDBACK: Record<ShareOutcome, string> = {
  shared: 'Shared.',
  copied: 'Link copied: paste it to your friends.',
  cancelled: '',
  failed: 'Could not share or copy the link: copy it from the box above.',
};

/** The link that brings a friend straight to this code: the share sheet, or the clipboard. */
function ShareLink({ code }: { code: string }) {
  const link = referralLink(window.location.origin, code);
  const [feedback, setFeedback] = useState('');
  const onShare = async () => {
    const outcome = await shareReferral(link, `Play GOGO Board with me: my referral code is ${code}.`);
    setFeedback(SHARE_FEEDBACK[outcome]);
  };
  return (
    <div className="referral-share">
      <input
        className="referral-share__link"
        value={link}
        readOnly
        aria-label="Your referral link"
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="button button--primary" onClick={() => void onShare()}>
        Share link
      </button>
      <p className="referral-share__feedback" role="status">
        {feedback}
      </p>
    </div>
  );
}

function ApplyCode() {
  const status = useReferralStatus();
  const apply = useApplyReferral();
  const inputId = useId();
  // A shared link (referralLink) brings the friend's code along.
  const [code, setCode] = useState(() =>
    typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('code') ?? ''),
  );
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const applied = status.data?.hasApplied === true;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    const invalid = validateReferralCode(code);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    apply.mutate(code.trim(), {
      onSuccess: (data) => {
        setSuccess(`${referralText.applied} You were referred by @${data.referredBy}.`);
        setCode('');
      },
      onError: (err) => setError(referralErrorText(err)),
    });
  };

  return (
    <section className="account-card" aria-labelledby="referral-apply-title">
      <h2 id="referral-apply-title">Apply a friend&apos;s code</h2>
      <form className="referral-apply" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Friend&apos;s referral code
        </label>
        <input
          id={inputId}
          value={applied ? '' : code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={
            applied && status.data?.referrerUsername
              ? referralAppliedPlaceholder(status.data.referrerUsername)
              : 'Enter a referral code'
          }
          disabled={applied || status.isPending}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={Boolean(error)}
        />
        <button type="submit" className="button button--primary" disabled={applied || apply.isPending}>
          {apply.isPending ? 'Applying...' : 'Apply'}
        </button>
      </form>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      {success ? <Alert kind="success">{success}</Alert> : null}
    </section>
  );
}

function Friends() {
  const stats = useReferralStats();
  const friends = useReferralFriends();
  const list = friends.data?.friends ?? [];
  return (
    <section className="account-card" aria-labelledby="referral-friends-title">
      <h2 id="referral-friends-title">Friends referred</h2>
      <p className="referral-count">
        <strong data-testid="referred-count">{stats.data?.referredCount ?? '—'}</strong>{' '}
        {stats.data?.referredCount === 1 ? 'friend' : 'friends'} referred
        {stats.data && stats.data.totalRewards > 0 ? ` · ${stats.data.totalRewards} GOGO earned` : ''}
      </p>
      {friends.isError ? (
        <Alert kind="error">{messageForError(friends.error)}</Alert>
      ) : list.length === 0 ? (
        <p className="account-empty">
          {friends.isPending ? historyText.loading : 'No friends have used your code yet.'}
        </p>
      ) : (
        <ul className="referral-friends">
          {list.map((f) => (
            <li key={f.username} className="referral-friend">
              <span className="referral-friend__name">{f.username}</span>
              <time dateTime={f.createdAt}>{new Date(f.createdAt).toLocaleDateString()}</time>
              <span className={f.rewardPaid ? 'referral-progress referral-progress--paid' : 'referral-progress'}>
                {f.rewardPaid ? `+${REFERRAL_REWARD_GOGO} GOGO` : referralText.waitingForDeposit}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
