import { useRef, type ReactNode } from 'react';
import type { AdminTransaction } from '@gogo/shared/api';
import { realtimeText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { ConfirmActions } from '../../../components/ConfirmActions';
import { Segmented } from '../../../components/Segmented';
import { ago, formatDateTime, formatNumber } from '../format';

export type Mode = 'approve' | 'reject';

/** What the admin reviews: the request's facts, money first. */
export function requestFacts(t: AdminTransaction): Array<[string, ReactNode]> {
  const facts: Array<[string, ReactNode]> = [
    ['Request', `#${t._id} · ${t.type}`],
    ['Player', t.userMissing ? `Missing user #${t.userId.id}` : `${t.userId.username} (${t.userId.email})`],
    ['Amount', t.formattedAmount],
  ];
  if (t.usdValue !== null && t.currency !== 'USD') facts.push(['USD value', `$${t.usdValue.toFixed(2)}`]);
  if (t.metadata.diceRollsCount !== null) facts.push(['Dice rolls asked', formatNumber(t.metadata.diceRollsCount)]);
  if (t.metadata.cryptoType) facts.push(['Currency', t.metadata.cryptoType]);
  if (t.cryptoAmount !== null) facts.push(['Crypto paid', `${t.cryptoAmount} ${t.metadata.cryptoType ?? ''}`.trim()]);
  if (t.metadata.cryptoAddress)
    facts.push([t.type === 'withdrawal' ? 'Pay to' : 'Sent from', t.metadata.cryptoAddress]);
  if (t.metadata.transactionHash) facts.push(['Transaction hash', t.metadata.transactionHash]);
  if (t.metadata.reference) facts.push(['Reference', t.metadata.reference]);
  if (t.metadata.note) facts.push(['Player note', t.metadata.note]);
  facts.push(['Requested', `${formatDateTime(t.createdAt)} (${ago(t.createdAt)})`]);
  return facts;
}

const MODES = [
  { value: 'approve', label: 'Approve' },
  { value: 'reject', label: 'Reject' },
] as const;

/** Approve/Reject switch at the top of a review dialog. */
export function ModeSwitch({
  mode,
  onChange,
  disabled,
}: {
  mode: Mode;
  onChange: (m: Mode) => void;
  disabled: boolean;
}) {
  return <Segmented label="Decision" options={MODES} value={mode} onChange={onChange} disabled={disabled} />;
}

/** The form's last row: Cancel, and Approve or Reject (red) which leads to the confirmation step. */
export function ReviewActions({ mode, noun, onCancel }: { mode: Mode; noun: string; onCancel: () => void }) {
  return (
    <ConfirmActions
      confirmLabel={mode === 'approve' ? `Approve ${noun}` : `Reject ${noun}`}
      tone={mode === 'approve' ? 'primary' : 'danger'}
      onCancel={onCancel}
    />
  );
}

/** A mutation that can start only once while it runs, whatever the number of clicks. */
export function useOnce() {
  const running = useRef(false);
  return async (fn: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    try {
      await fn();
    } finally {
      running.current = false;
    }
  };
}

export const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The request left the queue while this dialog was open: another admin decided it (pushed live). */
export function DecidedElsewhere({ onClose }: { onClose: () => void }) {
  return (
    <>
      <Alert kind="error">{realtimeText.decidedElsewhere}</Alert>
      <div className="confirm-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}
