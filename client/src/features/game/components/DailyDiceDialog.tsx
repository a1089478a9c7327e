import { errorText, gameText } from '@gogo/shared/messages';
import { gameScreenText } from '@gogo/shared/messages/game';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { ApiError, messageForError } from '../../../lib/api/errors';
import { useClaimDailyDice, useDailyDiceStatus } from '../api/dailyDice';
import './DailyDiceDialog.css';

const text = gameScreenText.daily;

function untilNextClaim(nextClaimAt: string, now: number): string {
  const ms = Math.max(0, Date.parse(nextClaimAt) - now);
  return text.wait(Math.floor(ms / 3_600_000), Math.floor((ms % 3_600_000) / 60_000));
}

/**
 * The daily dice dialog: loads the status; when a claim is possible it offers it,
 * a claim adds the rolls and closes the dialog; otherwise 'Already claimed today'.
 */
export function DailyDiceDialog({
  onClose,
  onClaimed,
  loginStreak,
}: {
  onClose: () => void;
  onClaimed: (rolls: number, consecutiveDays: number) => void;
  /** Days in a row the player signed in (the "Day N login streak!" toast), from the game state. */
  loginStreak: number | null;
}) {
  const status = useDailyDiceStatus(true);
  const claim = useClaimDailyDice();
  const data = status.data;
  const alreadyClaimed =
    (data && !data.canClaim) || (claim.error instanceof ApiError && claim.error.code === 'ALREADY_CLAIMED');

  const onClaim = () => {
    claim.mutate(undefined, {
      onSuccess: (result) => {
        onClaimed(result.diceRollsAdded, result.consecutiveDays);
        onClose();
      },
    });
  };

  return (
    <Modal title={text.title} subtitle={text.subtitle} onClose={onClose} busy={claim.isPending} className="daily-modal">
      {status.isPending ? (
        <p className="panel-sub" role="status">
          {gameScreenText.loading}
        </p>
      ) : status.isError ? (
        <Alert kind="error">
          {status.error instanceof ApiError && status.error.kind === 'http'
            ? messageForError(status.error)
            : errorText.dailyLoadFailed}
        </Alert>
      ) : data ? (
        <>
          <dl className="daily-stats">
            {loginStreak !== null ? (
              <div>
                <dt>{text.loginStreak}</dt>
                <dd data-testid="login-streak">{gameScreenText.days(loginStreak)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{text.diceStreak}</dt>
              <dd data-testid="daily-streak">
                {/* Two streaks: this one counts claims, so before today's first claim it has not started
                    (a bare "0 days" read as a contradiction of the login toast). */}
                {data.consecutiveDays === 0 ? text.streakStarts : gameScreenText.days(data.consecutiveDays)}
              </dd>
            </div>
            <div>
              <dt>{text.totalClaims}</dt>
              <dd>{data.totalClaims}</dd>
            </div>
            <div>
              <dt>{alreadyClaimed ? text.claimedToday : text.today}</dt>
              <dd>{text.rolls(data.rollsToday)}</dd>
            </div>
          </dl>
          {data.nextMilestone ? (
            <p className="daily-milestone">
              {text.nextMilestone} <strong>{gameScreenText.days(data.nextMilestone.days)}</strong>{' '}
              {text.milestone(data.nextMilestone.description, data.nextMilestone.bonus)}
            </p>
          ) : null}
          {alreadyClaimed ? (
            <div className="daily-done">
              <p className="alert alert--success" data-testid="daily-already">
                {gameText.alreadyClaimed}
              </p>
              <p className="panel-sub">{text.comeBack(untilNextClaim(data.nextClaimAt, Date.now()))}</p>
            </div>
          ) : (
            <>
              {claim.isError ? (
                <Alert kind="error">
                  {claim.error instanceof ApiError && claim.error.kind === 'http'
                    ? messageForError(claim.error)
                    : errorText.dailyClaimFailed}
                </Alert>
              ) : null}
              <button
                type="button"
                className="button button--primary button--block button--large"
                onClick={onClaim}
                disabled={claim.isPending}
              >
                {claim.isPending ? text.claiming : text.claim(data.rollsToday)}
              </button>
            </>
          )}
        </>
      ) : null}
    </Modal>
  );
}
