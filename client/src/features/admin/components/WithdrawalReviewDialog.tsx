import { useState, type FormEvent } from 'react';
import type { PendingWithdrawal } from '@gogo/shared/api';
import { adminText, errorText } from '@gogo/shared/messages';
import { ConfirmPanel } from '../../../components/ConfirmPanel';
import { Modal } from '../../../components/Modal';
import { TextAreaField } from '../../../components/TextField';
import { adminErrorText } from '../api/http';
import { useApproveWithdrawal, useRejectWithdrawal } from '../api/money';
import { formatNumber } from '../format';
import { playerLabel } from './playerCell';
import { DecidedElsewhere, ModeSwitch, ReviewActions, requestFacts, useOnce, type Mode } from './reviewParts';
import { Facts } from './ui';

/** Mark a withdrawal as paid out (with the payout reference) or reject it, which refunds the held GOGO. */
export function WithdrawalReviewDialog({
  withdrawal,
  initialMode,
  decidedElsewhere = false,
  onClose,
  onDone,
}: {
  withdrawal: PendingWithdrawal;
  initialMode: Mode;
  decidedElsewhere?: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const once = useOnce();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = approve.isPending || reject.isPending;
  const who = playerLabel(withdrawal);

  const next = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (mode === 'reject' && reason.trim() === '') return setFieldError(adminText.reasonRequired);
    setFieldError(null);
    setStep('confirm');
  };

  const confirm = () =>
    once(async () => {
      setError(null);
      try {
        if (mode === 'approve') {
          await approve.mutateAsync({ transactionId: Number(withdrawal._id), adminNote: note.trim() || null });
          onDone(`Withdrawal #${withdrawal._id} marked as paid out to ${who}.`);
        } else {
          const r = await reject.mutateAsync({ transactionId: Number(withdrawal._id), reason: reason.trim() });
          onDone(
            `Withdrawal #${withdrawal._id} rejected: ${withdrawal.formattedAmount} refunded to ${who}` +
              (r.player ? ` (balance now ${formatNumber(r.player.balance)} GOGO).` : '.'),
          );
        }
      } catch (err) {
        const fallback = mode === 'approve' ? errorText.approveWithdrawalFailed : errorText.rejectWithdrawalFailed;
        setError(adminErrorText(err, fallback));
      }
    });

  return (
    <Modal title={`Review withdrawal #${withdrawal._id}`} onClose={onClose} busy={pending} size="wide">
      <Facts items={requestFacts(withdrawal)} />
      {decidedElsewhere && !pending ? (
        <DecidedElsewhere onClose={onClose} />
      ) : step === 'form' ? (
        <form className="form" onSubmit={next} noValidate>
          <ModeSwitch mode={mode} onChange={(m) => (setMode(m), setFieldError(null))} disabled={pending} />
          {mode === 'approve' ? (
            <TextAreaField
              label="Payout reference (admin note)"
              hint="The on-chain transaction or batch of the payout, so the player and the audit can trace it."
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          ) : (
            <TextAreaField
              label="Reason"
              error={fieldError}
              rows={3}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
          <ReviewActions mode={mode} noun="withdrawal" onCancel={onClose} />
        </form>
      ) : mode === 'approve' ? (
        <ConfirmPanel
          question={adminText.confirmApproveWithdrawal}
          confirmLabel="Confirm payout"
          busyLabel="Approving..."
          busy={pending}
          error={error}
          onConfirm={confirm}
          onBack={() => setStep('form')}
        >
          {`Confirm only after sending ${withdrawal.formattedAmount} to ${withdrawal.metadata.cryptoAddress ?? 'the address'}. The held amount stays deducted from ${who}.`}
        </ConfirmPanel>
      ) : (
        <ConfirmPanel
          question={adminText.confirmRejectWithdrawal}
          confirmLabel="Confirm rejection"
          busyLabel="Rejecting..."
          tone="danger"
          busy={pending}
          error={error}
          onConfirm={confirm}
          onBack={() => setStep('form')}
        >
          {`${withdrawal.formattedAmount} goes back to ${who}'s balance. Reason: ${reason.trim()}`}
        </ConfirmPanel>
      )}
    </Modal>
  );
}
