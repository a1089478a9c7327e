import type { WithdrawalRisk } from '@gogo/shared/api';
import { riskText } from '@gogo/shared/messages';

/**
 * A pending withdrawal's risk score, explained: each reason with the points it adds, and the linked
 * accounts, each opening the user detail. The score is a sum of these, nothing hidden.
 */
export function RiskPanel({
  risk,
  loading,
  onOpenUser,
}: {
  risk: WithdrawalRisk | undefined;
  loading: boolean;
  onOpenUser: (userId: number) => void;
}) {
  if (!risk) {
    return <p className="admin-muted">{loading ? 'Scoring…' : riskText.noReasons}</p>;
  }
  return (
    <div className="admin-risk" data-testid="withdrawal-risk">
      <p className={`admin-risk__score admin-risk__score--${risk.level}`}>
        <strong>{riskText.level[risk.level]}</strong>
        <span>{riskText.scoreLabel(risk.score)}</span>
      </p>
      {risk.reasons.length === 0 ? (
        <p className="admin-muted">{riskText.noReasons}</p>
      ) : (
        <ul className="admin-risk__reasons" aria-label="Risk reasons">
          {risk.reasons.map((r) => (
            <li key={r.kind}>
              <span>{r.text}</span>
              <span className="admin-risk__weight">+{r.weight}</span>
            </li>
          ))}
        </ul>
      )}
      {risk.linkedAccounts.length > 0 && (
        <div className="admin-risk__linked">
          <h5>{riskText.linkedAccounts}</h5>
          <ul>
            {risk.linkedAccounts.map((a) => (
              <li key={a.userId}>
                <button type="button" className="admin-linkish" onClick={() => onOpenUser(a.userId)}>
                  {a.username}
                </button>
                <span className="admin-sub">{a.via.join(', ')}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
