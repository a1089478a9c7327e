import { useState } from 'react';
import type { PendingDeposit } from '@gogo/shared/api';
import { adminText, depositValueText, errorText, validationText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { AmountInput } from '../../../components/AmountInput';
import { Field } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { TextAreaField } from '../../../components/TextField';
import { useApproveDeposit, useRejectDeposit } from '../api/money';
import { defaultDiceRolls, formatNumber } from '../format';
import { playerLabel } from './playerCell';
import { ReviewSteps, requestFacts, useReviewFlow, wholeNumber } from './reviewParts';
import { Facts } from './ui';

/** Approve a deposit (dice rolls, prefilled as USD x 10, and optional GOGO) or reject it with a reason. */
export function DepositReviewDialog({
  deposit,
  decidedElsewhere = false,
  onClose,
  onDone,
}: {
  deposit: PendingDeposit;
  /** The queue no longer lists it: the dialog says so instead of offering a decision. */
  decidedElsewhere?: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const approve = useApproveDeposit();
  const reject = useRejectDeposit();
  const [dice, setDice] = useState(defaultDiceRolls(deposit.suggestedDiceRolls, deposit.usdValue));
  const [gogo, setGogo] = useState('0');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  // The most an approval credits without a reason: the payment's value, 10 dice a dollar, plus 10%.
  const bound = deposit.approvalBound ?? null;
  const boundHint = bound
    ? depositValueText.approvalBoundHint(bound.dice, bound.gogo, bound.usdValue.toFixed(2))
    : null;
  const diceCount = wholeNumber(dice);
  const gogoAmount = gogo.trim() === '' ? 0 : wholeNumber(gogo);
  const flow = useReviewFlow<'dice' | 'gogo'>('approve', () =>
    !(diceCount > 0)
      ? { field: 'dice', text: validationText.adminDiceRollsRequired }
      : !(gogoAmount >= 0)
        ? { field: 'gogo', text: validationText.amountInvalid }
        : null,
  );
  const pending = approve.isPending || reject.isPending;

  const confirm = () =>
    flow.mode === 'approve'
      ? flow.run(async () => {
          const result = await approve.mutateAsync({
            transactionId: deposit.transactionId!,
            diceRollsCount: diceCount,
            gogoAmount,
            adminNote: note.trim() || null,
            reason: reason.trim() || null,
          });
          onDone(
            `Deposit #${deposit._id} approved: ${formatNumber(diceCount)} dice rolls` +
              (gogoAmount > 0 ? ` and ${formatNumber(gogoAmount)} GOGO` : '') +
              ` credited to ${playerLabel(result.transaction)}.`,
          );
        }, errorText.approveDepositFailed)
      : flow.run(async () => {
          await reject.mutateAsync({ transactionId: deposit.transactionId!, reason: flow.reason });
          onDone(`Deposit #${deposit._id} rejected.`);
        }, errorText.rejectDepositFailed);

  const who = playerLabel(deposit);
  const usdHint =
    deposit.usdValue !== null ? `USD value x 10 = ${defaultDiceRolls(null, deposit.usdValue)}` : undefined;
  return (
    <Modal title={`Review deposit #${deposit._id}`} onClose={onClose} busy={pending} size="wide">
      <Facts items={requestFacts(deposit)} />
      {deposit.userMissing && (
        <Alert kind="error">{errorText.approveDepositFailed}: the player no longer exists.</Alert>
      )}
      <ReviewSteps
        {...flow.steps}
        noun="deposit"
        pending={pending}
        decidedElsewhere={decidedElsewhere}
        onClose={onClose}
        approveFields={
          <>
            <div className="admin-grid-2">
              <Field label="Dice rolls to credit" hint={usdHint} error={flow.errorOf('dice')}>
                {(props) => (
                  <AmountInput {...props} unit="dice" value={dice} onChange={(e) => setDice(e.target.value)} />
                )}
              </Field>
              <Field label="GOGO amount (optional)" error={flow.errorOf('gogo')}>
                {(props) => (
                  <AmountInput {...props} unit="GOGO" value={gogo} onChange={(e) => setGogo(e.target.value)} />
                )}
              </Field>
            </div>
            <p className="admin-approval-bound" data-testid="approval-bound">
              {boundHint ?? depositValueText.approvalValueUnknown}
            </p>
            <TextAreaField
              label={depositValueText.approvalReasonLabel}
              rows={2}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <TextAreaField
              label="Admin note (optional)"
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </>
        }
        confirm={
          flow.mode === 'approve'
            ? {
                question: adminText.confirmApproveDeposit,
                consequence: `${who} receives ${formatNumber(diceCount)} dice rolls${gogoAmount > 0 ? ` and ${formatNumber(gogoAmount)} GOGO` : ''}. This cannot be undone.`,
              }
            : {
                question: adminText.confirmRejectDeposit,
                consequence: `Nothing is credited to ${who}. Reason: ${flow.reason}`,
              }
        }
        approveLabel="Confirm approval"
        onConfirm={confirm}
      />
    </Modal>
  );
}
