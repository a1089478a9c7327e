import { useState } from 'react';
import type { PendingDeposit } from '@gogo/shared/api';
import { adminText, errorText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { adminErrorText } from '../api/http';
import { useCleanupCorrupted, usePendingDeposits } from '../api/money';
import { ago, formatDateTime, formatNumber } from '../format';
import { ChainPanel } from './ChainPanel';
import { DepositReviewDialog } from './DepositReviewDialog';
import { PlayerCell } from './playerCell';
import { actionColumn } from './ui';

type Outcome = { kind: 'success' | 'error'; text: string };

function CleanupButton({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const cleanup = useCleanupCorrupted();
  const [asking, setAsking] = useState(false);
  const run = () => {
    if (cleanup.isPending) return;
    cleanup.mutate(undefined, {
      onSuccess: (r) => onOutcome({ kind: 'success', text: adminText.cleanedUp(r.cleaned) }),
      onError: (err) => onOutcome({ kind: 'error', text: adminErrorText(err, errorText.cleanupFailed) }),
      onSettled: () => setAsking(false),
    });
  };
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
        Clean up corrupted deposits
      </button>
      {asking && (
        <ConfirmDialog
          title="Clean up corrupted deposits"
          confirmLabel="Mark them as failed"
          busyLabel="Cleaning up..."
          tone="danger"
          busy={cleanup.isPending}
          onConfirm={run}
          onCancel={() => setAsking(false)}
        >
          <p>
            Pending deposits and purchases whose player no longer exists are marked as <strong>failed</strong>. Nothing
            is credited or removed. Each one is written to the audit log.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function columns(onOpen: (d: PendingDeposit) => void): ReadonlyArray<Column<PendingDeposit>> {
  const reference = (d: PendingDeposit) => d.metadata.transactionHash ?? d.metadata.reference ?? '';
  return [
    { key: 'id', header: 'Request', cell: (d) => `#${d._id}` },
    { key: 'player', header: 'Player', cell: (d) => <PlayerCell t={d} /> },
    { key: 'type', header: 'Type', cell: (d) => d.type },
    { key: 'amount', header: 'Amount', numeric: true, cell: (d) => d.formattedAmount },
    {
      key: 'usd',
      header: 'USD',
      numeric: true,
      cell: (d) => (d.usdValue === null ? '—' : `$${d.usdValue.toFixed(2)}`),
    },
    {
      key: 'rolls',
      header: 'Suggested rolls',
      numeric: true,
      cell: (d) => (d.suggestedDiceRolls === null ? '—' : formatNumber(d.suggestedDiceRolls)),
    },
    {
      key: 'reference',
      header: 'Reference',
      className: 'admin-ellipsis',
      title: reference,
      cell: (d) => reference(d) || '—',
    },
    { key: 'requested', header: 'Requested', title: (d) => formatDateTime(d.createdAt), cell: (d) => ago(d.createdAt) },
    actionColumn((d) => ({
      label: (
        <>
          Review <span className="visually-hidden">deposit #{d._id}</span>
        </>
      ),
      tone: 'primary',
      onClick: () => onOpen(d),
    })),
  ];
}

/**
 * Deposit Management: the queue of pending deposits and dice purchases, oldest first, approved by
 * hand; below it the automatic (on-chain) deposits and the chain watcher.
 */
export function DepositsTab() {
  const { data, isLoading, isFetching, error } = usePendingDeposits();
  const [open, setOpen] = useState<PendingDeposit | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const rows = data?.pendingDeposits ?? [];
  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <h2>
          Pending deposits <span className="admin-count">{data ? formatNumber(data.total) : ''}</span>
        </h2>
        <CleanupButton onOutcome={setOutcome} />
      </div>
      <p className="admin-muted">
        Open a request to approve it (credit dice rolls, prefilled as USD x 10, and optional GOGO) or reject it with a
        reason. Nothing is credited before approval.
      </p>
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <DataTable
        label="Pending deposits"
        columns={columns(setOpen)}
        rows={rows}
        rowKey={(d) => d._id}
        loading={isLoading}
        error={error}
        emptyText="No deposit is waiting."
        onRowClick={setOpen}
        rowClassName={(d) => (d.userMissing ? 'is-corrupted' : undefined)}
      />
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
      <ChainPanel />
    </div>
  );
}
