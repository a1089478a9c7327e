import { useState } from 'react';
import type { PendingDeposit } from '@gogo/shared/api';
import { adminText, errorText } from '@gogo/shared/messages';
import { adminErrorText } from '../api/http';
import { useCleanupCorrupted, usePendingDeposits } from '../api/money';
import { ago, formatDateTime, formatNumber } from '../format';
import { DepositReviewDialog, playerLabel } from './ReviewDialogs';
import { Dialog, LoadState, Notice, TableFrame } from './ui';

function CleanupButton({ onOutcome }: { onOutcome: (kind: 'success' | 'error', text: string) => void }) {
  const cleanup = useCleanupCorrupted();
  const [asking, setAsking] = useState(false);
  const run = () => {
    if (cleanup.isPending) return;
    cleanup.mutate(undefined, {
      onSuccess: (r) => onOutcome('success', adminText.cleanedUp(r.cleaned)),
      onError: (err) => onOutcome('error', adminErrorText(err, errorText.cleanupFailed)),
      onSettled: () => setAsking(false),
    });
  };
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
        Clean up corrupted deposits
      </button>
      {asking && (
        <Dialog title="Clean up corrupted deposits" onClose={() => setAsking(false)} busy={cleanup.isPending}>
          <p>
            Pending deposits and purchases whose player no longer exists are marked as <strong>failed</strong>. Nothing
            is credited or removed. Each one is written to the audit log.
          </p>
          <div className="admin-actions">
            <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button type="button" className="button button--danger" onClick={run} disabled={cleanup.isPending}>
              {cleanup.isPending ? 'Cleaning up...' : 'Mark them as failed'}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** Deposit Management: the queue of pending deposits and dice purchases, oldest first. */
export function DepositsTab() {
  const { data, isLoading, isFetching, error } = usePendingDeposits();
  const [open, setOpen] = useState<PendingDeposit | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const rows = data?.pendingDeposits ?? [];
  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <h2>
          Pending deposits <span className="admin-count">{data ? formatNumber(data.total) : ''}</span>
        </h2>
        <CleanupButton onOutcome={(kind, text) => setOutcome({ kind, text })} />
      </div>
      <p className="admin-muted">
        Open a request to approve it (credit dice rolls, prefilled as USD x 10, and optional GOGO) or reject it with a
        reason. Nothing is credited before approval.
      </p>
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      <LoadState loading={isLoading} error={error} empty={rows.length === 0} emptyText="No deposit is waiting." />
      {rows.length > 0 && (
        <TableFrame label="Pending deposits">
          <table className="admin-table admin-table--rows">
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Player</th>
                <th scope="col">Type</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  USD
                </th>
                <th scope="col" className="num">
                  Suggested rolls
                </th>
                <th scope="col">Reference</th>
                <th scope="col">Requested</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d._id} onClick={() => setOpen(d)} className={d.userMissing ? 'is-corrupted' : undefined}>
                  <td>#{d._id}</td>
                  <td>
                    {playerLabel(d)}
                    {!d.userMissing && <span className="admin-sub">{d.userId.email}</span>}
                  </td>
                  <td>{d.type}</td>
                  <td className="num">{d.formattedAmount}</td>
                  <td className="num">{d.usdValue === null ? '—' : `$${d.usdValue.toFixed(2)}`}</td>
                  <td className="num">{d.suggestedDiceRolls === null ? '—' : formatNumber(d.suggestedDiceRolls)}</td>
                  <td className="admin-ellipsis" title={d.metadata.transactionHash ?? d.metadata.reference ?? ''}>
                    {d.metadata.transactionHash ?? d.metadata.reference ?? '—'}
                  </td>
                  <td title={formatDateTime(d.createdAt)}>{ago(d.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--primary admin-small"
                      onClick={(e) => {
                        e.stopPropagation();
                        setOpen(d);
                      }}
                    >
                      Review <span className="visually-hidden">deposit #{d._id}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {open && (
        <DepositReviewDialog
          deposit={open}
          decidedElsewhere={!isFetching && !rows.some((r) => r._id === open._id)}
          onClose={() => setOpen(null)}
          onDone={(text) => {
            setOpen(null);
            setOutcome({ kind: 'success', text });
          }}
        />
      )}
    </div>
  );
}
