import { challengeText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { formatCountdown } from '../../../lib/countdown';
import { messageForError } from '../../../lib/api/errors';
import { useChallenges, useClaimChallenge } from '../api';
import { share } from '../liveNow';

/** Today's three challenges with progress bars and claim buttons, and the streak. */
export function ChallengesPanel({ now }: { now: number }) {
  const query = useChallenges();
  const claim = useClaimChallenge();
  if (query.isError) return <Alert kind="error">{messageForError(query.error)}</Alert>;
  if (!query.data) return <p className="panel-sub">{challengeText.title}…</p>;
  const { challenges, streak, endsAt } = query.data;
  const left = streak.bonusEvery - (streak.days % streak.bonusEvery);
  return (
    <div className="challenges-panel">
      <p className="challenges-panel__meta">
        <span data-testid="challenge-streak">{challengeText.streak(streak.days)}</span>
        <span>{challengeText.resetsIn(formatCountdown(Date.parse(endsAt) - now))}</span>
      </p>
      <p className="panel-sub">{challengeText.streakHint(left)}</p>
      {claim.isError ? <Alert kind="error">{messageForError(claim.error)}</Alert> : null}
      <ul className="challenge-list">
        {challenges.map((c) => (
          <li
            key={c.id}
            className="challenge"
            data-testid="challenge"
            data-completed={c.completed}
            data-claimed={c.claimed}
          >
            <div className="challenge__row">
              <strong>{c.title}</strong>
              <span className="challenge__reward">{challengeText.reward(c.reward.gogo, c.reward.dice)}</span>
            </div>
            <div
              className="challenge__bar"
              role="progressbar"
              aria-label={c.title}
              aria-valuemin={0}
              aria-valuemax={c.goal}
              aria-valuenow={c.progress}
            >
              <span style={{ width: `${Math.round(100 * share(c))}%` }} />
            </div>
            <div className="challenge__row">
              <span className="challenge__progress">{challengeText.progress(c.progress, c.goal)}</span>
              {c.claimed ? (
                <span className="challenge__claimed">{challengeText.claimed}</span>
              ) : (
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={!c.completed || claim.isPending}
                  onClick={() => claim.mutate(c.id)}
                >
                  {challengeText.claim}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
