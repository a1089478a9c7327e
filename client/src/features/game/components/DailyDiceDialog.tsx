import { errorText, gameText } from '@gogo/shared/messages';
import { Dialog } from '../../../components/Dialog';
import { ApiError, messageForError } from '../../../lib/api/errors';
import { useClaimDailyDice, useDailyDiceStatus } from '../api/dailyDice';

function untilNextClaim(nextClaimAt: string, now: number): string {
  const ms = Math.max(0, Date.parse(nextClaimAt) - now);
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/**
 * The daily dice dialog (spec section 2): loads the status; when a claim is possible it offers it,
 * a claim adds the rolls and closes the dialog; otherwise 'Already claimed today'.
 */
export function DailyDiceDialog({
  onClose,
  onClaimed,
}: {
  onClose: () => void;
  onClaimed: (rolls: number, consecutiveDays: number) => void;
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
    <Dialog
      title="Daily Dice Roll"
      subtitle="Free dice every UTC day. Keep your streak for bonus rolls."
      onClose={onClose}
      busy={claim.isPending}
      className="daily-modal"
    >
      {status.isPending ? (
        <p className="panel-sub" role="status">
          Loading…
        </p>
      ) : status.isError ? (
        <p className="alert alert--error" role="alert">
          {status.error instanceof ApiError && status.error.kind === 'http'
            ? messageForError(status.error)
            : errorText.dailyLoadFailed}
        </p>
      ) : data ? (
        <>
          <dl className="daily-stats">
            <div>
              <dt>Streak</dt>
              <dd data-testid="daily-streak">
                {data.consecutiveDays} {data.consecutiveDays === 1 ? 'day' : 'days'}
              </dd>
            </div>
            <div>
              <dt>Total claims</dt>
              <dd>{data.totalClaims}</dd>
            </div>
            <div>
              <dt>{alreadyClaimed ? 'Claimed today' : 'Today'}</dt>
              <dd>{data.rollsToday} rolls</dd>
            </div>
          </dl>
          {data.nextMilestone ? (
            <p className="daily-milestone">
              Next milestone: <strong>{data.nextMilestone.days} days</strong> — {data.nextMilestone.description} (+
              {data.nextMilestone.bonus} GOGO)
            </p>
          ) : null}
          {alreadyClaimed ? (
            <div className="daily-done">
              <p className="alert alert--success" data-testid="daily-already">
                {gameText.alreadyClaimed}
              </p>
              <p className="panel-sub">
                Come back in {untilNextClaim(data.nextClaimAt, Date.now())} for more free dice.
              </p>
            </div>
          ) : (
            <>
              {claim.isError ? (
                <p className="alert alert--error" role="alert">
                  {claim.error instanceof ApiError && claim.error.kind === 'http'
                    ? messageForError(claim.error)
                    : errorText.dailyClaimFailed}
                </p>
              ) : null}
              <button
                type="button"
                className="button button--primary button--block button--large"
                onClick={onClaim}
                disabled={claim.isPending}
              >
                {claim.isPending ? 'Claiming…' : `Claim ${data.rollsToday} free dice rolls`}
              </button>
            </>
          )}
        </>
      ) : null}
    </Dialog>
  );
}
