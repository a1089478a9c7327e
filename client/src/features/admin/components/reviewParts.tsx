import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminTransaction } from '@gogo/shared/api';
import { adminText, realtimeText } from '@gogo/shared/messages';
import { adminErrorText } from '../api/http';
import { Alert } from '../../../components/Alert';
import { ConfirmActions } from '../../../components/ConfirmActions';
import { ConfirmPanel } from '../../../components/ConfirmPanel';
import { Segmented } from '../../../components/Segmented';
import { TextAreaField } from '../../../components/TextField';
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

/**
 * The body of a review dialog after the request's facts: the Approve/Reject form (the caller's approve
 * fields, or the reason), then the confirmation step that says what will happen, or the note that
 * another admin already decided it.
 */
export function ReviewSteps(
  props: ReviewStepsProps & {
    noun: 'deposit' | 'withdrawal';
    pending: boolean;
    decidedElsewhere: boolean;
    onClose: () => void;
    approveFields: ReactNode;
    /** The confirmation step: the question and its consequence. */
    confirm: { question: string; consequence: string };
    /** The confirming button of an approval ('Confirm payout'). */
    approveLabel: string;
    onConfirm: () => void;
  },
) {
  const { mode, pending } = props;
  if (props.decidedElsewhere && !pending) return <DecidedElsewhere onClose={props.onClose} />;
  if (props.step === 'confirm') {
    return (
      <ConfirmPanel
        question={props.confirm.question}
        confirmLabel={mode === 'approve' ? props.approveLabel : 'Confirm rejection'}
        busyLabel={mode === 'approve' ? 'Approving...' : 'Rejecting...'}
        tone={mode === 'approve' ? 'primary' : 'danger'}
        busy={pending}
        error={props.error}
        onConfirm={props.onConfirm}
        onBack={props.onBack}
      >
        {props.confirm.consequence}
      </ConfirmPanel>
    );
  }
  return (
    <form className="form" onSubmit={props.onNext} noValidate>
      <Segmented label="Decision" options={MODES} value={mode} onChange={props.onModeChange} disabled={pending} />
      {mode === 'approve' ? (
        props.approveFields
      ) : (
        <TextAreaField
          label="Reason"
          error={props.reasonError}
          rows={3}
          maxLength={1000}
          value={props.reason}
          onChange={(e) => props.onReason(e.target.value)}
        />
      )}
      <ConfirmActions
        confirmLabel={mode === 'approve' ? `Approve ${props.noun}` : `Reject ${props.noun}`}
        tone={mode === 'approve' ? 'primary' : 'danger'}
        onCancel={props.onClose}
      />
    </form>
  );
}

/** A mutation that can start only once while it runs, whatever the number of clicks. */
function useOnce() {
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
function DecidedElsewhere({ onClose }: { onClose: () => void }) {
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

/** What the review flow hands ReviewSteps. */
interface ReviewStepsProps {
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  step: 'form' | 'confirm';
  onNext: (e: FormEvent) => void;
  onBack: () => void;
  reason: string;
  onReason: (reason: string) => void;
  reasonError: string | null;
  error: string | null;
}

/**
 * The state of a review dialog: Approve or Reject, form or confirmation step, the reason, the field
 * error and the request's error. `validateApproval` checks the approve fields (null when they are
 * right); `run` does the decision once and shows its error with the given fallback text.
 */
export function useReviewFlow<Field extends string>(
  initialMode: Mode,
  validateApproval: () => FieldError<Field> | null,
) {
  const once = useOnce();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<FieldError<Field | 'reason'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onNext = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem =
      mode === 'approve'
        ? validateApproval()
        : reason.trim() === ''
          ? { field: 'reason' as const, text: adminText.reasonRequired }
          : null;
    setFieldError(problem);
    if (!problem) setStep('confirm');
  };

  const run = (decide: () => Promise<void>, fallback: string) =>
    once(async () => {
      setError(null);
      try {
        await decide();
      } catch (err) {
        setError(adminErrorText(err, fallback));
      }
    });

  const steps: ReviewStepsProps = {
    mode,
    onModeChange: (m) => {
      setMode(m);
      setFieldError(null);
    },
    step,
    onNext,
    onBack: () => setStep('form'),
    reason,
    onReason: setReason,
    reasonError: fieldError?.field === 'reason' ? fieldError.text : null,
    error,
  };
  const errorOf = (field: Field) => (fieldError?.field === field ? fieldError.text : null);
  return { mode, reason: reason.trim(), steps, errorOf, run };
}

export interface FieldError<Field extends string> {
  field: Field;
  text: string;
}
