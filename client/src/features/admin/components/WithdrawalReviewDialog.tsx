import { useState } from 'react';
import type { PendingWithdrawal } from '@gogo/shared/api';
import { adminText, errorText } from '@gogo/shared/messages';
import { Modal } from '../../../components/Modal';
import { TextAreaField } from '../../../components/TextField';
import { useApproveWithdrawal, useRejectWithdrawal } from '../api/money';
import { formatNumber } from '../format';
import { playerLabel } from './playerCell';
import { ReviewSteps, requestFacts, useReviewFlow, type Mode } from './reviewParts';
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
  const [note, setNote] = useState('');
  const flow = useReviewFlow(initialMode, () => null);
  const pending = approve.isPending || reject.isPending;
  const who = playerLabel(withdrawal);

  const confirm = () =>
    flow.mode === 'approve'
      ? flow.run(async () => {
          await approve.mutateAsync({ transactionId: withdrawal.transactionId!, adminNote: note.trim() || null });
          onDone(`Withdrawal #${withdrawal._id} marked as paid out to ${who}.`);
        }, errorText.approveWithdrawalFailed)
      : flow.run(async () => {
          const r = await reject.mutateAsync({ transactionId: withdrawal.transactionId!, reason: flow.reason });
          onDone(
            `Withdrawal #${withdrawal._id} rejected: ${withdrawal.formattedAmount} refunded to ${who}` +
              (r.player ? ` (balance now ${formatNumber(r.player.balance)} GOGO).` : '.'),
          );
        }, errorText.rejectWithdrawalFailed);

  return (
    <Modal title={`Review withdrawal #${withdrawal._id}`} onClose={onClose} busy={pending} size="wide">
      <Facts items={requestFacts(withdrawal)} />
      <ReviewSteps
        {...flow.steps}
        noun="withdrawal"
        pending={pending}
        decidedElsewhere={decidedElsewhere}
        onClose={onClose}
        approveFields={
          <TextAreaField
            label="Payout reference (admin note)"
            hint="The on-chain transaction or batch of the payout, so the player and the audit can trace it."
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        }
        confirm={
          flow.mode === 'approve'
            ? {
                question: adminText.confirmApproveWithdrawal,
                consequence: `Confirm only after sending ${withdrawal.formattedAmount} to ${withdrawal.metadata.cryptoAddress ?? 'the address'}. The held amount stays deducted from ${who}.`,
              }
            : {
                question: adminText.confirmRejectWithdrawal,
                consequence: `${withdrawal.formattedAmount} goes back to ${who}'s balance. Reason: ${flow.reason}`,
              }
        }
        approveLabel="Confirm payout"
        onConfirm={confirm}
      />
    </Modal>
  );
}
