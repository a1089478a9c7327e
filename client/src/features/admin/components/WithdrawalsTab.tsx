import { useState } from 'react';
import type { PendingWithdrawal, WithdrawalRisk } from '@gogo/shared/api';
import { treasuryText } from '@gogo/shared/messages';
import { usePendingWithdrawals } from '../api/money';
import { useWithdrawalRisk } from '../api/risk';
import { RiskPanel } from './RiskPanel';
import { UserDetailDialog } from './UserDetailDialog';
import { ago, formatDateTime, formatNumber } from '../format';
import { Alert } from '../../../components/Alert';
import { ListState } from '../../../components/ListState';
import { StatusBadge } from '../../../components/Badge';
import { PlayerCell } from './playerCell';
import { Facts } from './ui';
import { WithdrawalReviewDialog } from './WithdrawalReviewDialog';
import './WithdrawalsTab.css';

interface CardProps {
  w: PendingWithdrawal;
  risk: { value: WithdrawalRisk | undefined; loading: boolean };
  onReview: (mode: 'approve' | 'reject') => void;
  onOpenUser: (userId: number) => void;
}

function WithdrawalCard({ w, risk, onReview, onOpenUser }: CardProps) {
  const headingId = `withdrawal-${w._id}`;
  return (
    <article className="admin-wcard" aria-labelledby={headingId}>
      <div className="admin-wcard__request">
        <h3 id={headingId}>
          Withdrawal #{w._id} <span className="admin-wcard__amount">{w.formattedAmount}</span>
          {w.quote.overBudget && (
            <span className="admin-wcard__budget" data-testid="over-budget">
              {treasuryText.overBudgetBadge}
            </span>
          )}
        </h3>
        {w.quote.overBudget && <p className="admin-muted">{treasuryText.overBudgetNote}</p>}
        <Facts
          tight
          items={[
            ['Player', <PlayerCell key="player" t={w} />],
            [
              'Value',
              <span key="usd" data-testid="quote-usd">
                {treasuryText.quoteUsd(w.quote.usdValue, w.quote.redemptionPriceUsd)}
              </span>,
            ],
            [
              'Pays',
              <strong key="crypto" data-testid="quote-crypto">
                {w.quote.cryptoAmount !== null && w.quote.coinPriceUsd !== null
                  ? treasuryText.quoteCrypto(w.quote.cryptoAmount, w.metadata.cryptoType ?? '', w.quote.coinPriceUsd)
                  : treasuryText.quoteNoPrice(w.metadata.cryptoType ?? 'the coin')}
              </strong>,
            ],
            [
              'Pay to',
              <span key="pay" className="admin-break">
                {w.metadata.cryptoType ?? '—'} · {w.metadata.cryptoAddress ?? '—'}
              </span>,
            ],
            ...(w.metadata.note ? [['Player note', w.metadata.note] as [string, string]] : []),
            [
              'Requested',
              <span key="when" title={formatDateTime(w.createdAt)}>
                {ago(w.createdAt)}
              </span>,
            ],
          ]}
        />
        <section className="admin-wcard__risk" aria-label={`Risk of withdrawal #${w._id}`}>
          <h4>Risk</h4>
          <RiskPanel risk={risk.value} loading={risk.loading} onOpenUser={onOpenUser} />
        </section>
        <div className="confirm-actions confirm-actions--start">
          <button type="button" className="button button--primary admin-small" onClick={() => onReview('approve')}>
            Approve <span className="visually-hidden">withdrawal #{w._id}</span>
          </button>
          <button type="button" className="button button--danger admin-small" onClick={() => onReview('reject')}>
            Reject <span className="visually-hidden">withdrawal #{w._id}</span>
          </button>
        </div>
      </div>
      <div className="admin-wcard__balance" role="group" aria-label="Player balance">
        <h4>Balance</h4>
        {w.player ? (
          <Facts
            tight
            items={[
              ['Available now', `${formatNumber(w.player.balance)} GOGO`],
              ['Held by pending withdrawals', `${formatNumber(w.player.pendingWithdrawals)} GOGO`],
              [
                'Ledger',
                `${formatNumber(w.player.ledgerBalance)} GOGO ${w.player.ledgerBalance === w.player.balance ? '(matches)' : '(differs: sync it)'}`,
              ],
              ['Dice rolls', formatNumber(w.player.diceRollsRemaining)],
            ]}
          />
        ) : (
          <p className="admin-muted">No balance on record.</p>
        )}
      </div>
      <div className="admin-wcard__history">
        <h4>Recent history</h4>
        {w.recentHistory.length === 0 ? (
          <p className="admin-muted">No history.</p>
        ) : (
          <ul className="admin-history" aria-label="Recent history">
            {w.recentHistory.map((h) => (
              <li key={h._id}>
                <span className="admin-history__what">
                  {h.description}
                  <span className="admin-sub">{ago(h.createdAt)}</span>
                </span>
                <span className="admin-history__amount">{h.formattedAmount}</span>
                <StatusBadge status={h.status} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** Withdrawal Management: each pending request beside the player's balance and recent history. */
export function WithdrawalsTab() {
  const { data, isLoading, isFetching, error } = usePendingWithdrawals();
  const [open, setOpen] = useState<{ w: PendingWithdrawal; mode: 'approve' | 'reject' } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [userOpen, setUserOpen] = useState<number | null>(null);
  const rows = data?.pendingWithdrawals ?? [];
  const risks = useWithdrawalRisk(rows.map((w) => w.transactionId!));
  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <h2>
          Pending withdrawals <span className="admin-count">{data ? formatNumber(data.total) : ''}</span>
        </h2>
      </div>
      <p className="admin-muted">
        The amount was held when the player asked. Approve after paying out (the note is the payout reference);
        rejecting refunds the held GOGO. Each request shows its risk score: the sum of the listed reasons.
      </p>
      {outcome && <Alert kind="success">{outcome}</Alert>}
      <ListState loading={isLoading} error={error} empty={rows.length === 0} emptyText="No withdrawal is waiting." />
      <div className="admin-stack">
        {rows.map((w) => (
          <WithdrawalCard
            key={w._id}
            w={w}
            risk={{ value: risks.data?.get(w.transactionId!), loading: risks.isLoading }}
            onReview={(mode) => setOpen({ w, mode })}
            onOpenUser={setUserOpen}
          />
        ))}
      </div>
      {userOpen !== null && <UserDetailDialog userId={userOpen} onClose={() => setUserOpen(null)} />}
      {open && (
        <WithdrawalReviewDialog
          withdrawal={open.w}
          decidedElsewhere={!isFetching && !rows.some((r) => r._id === open.w._id)}
          initialMode={open.mode}
          onClose={() => setOpen(null)}
          onDone={(text) => {
            setOpen(null);
            setOutcome(text);
          }}
        />
      )}
    </div>
  );
}
