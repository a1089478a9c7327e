import { useState, type FormEvent } from 'react';
import type { PendingDeposit } from '@gogo/shared/api';
import { adminText, errorText, validationText } from '@gogo/shared/messages';
import { Alert } from '../../../components/Alert';
import { AmountInput } from '../../../components/AmountInput';
import { ConfirmPanel } from '../../../components/ConfirmPanel';
import { Field } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { TextAreaField } from '../../../components/TextField';
import { adminErrorText } from '../api/http';
import { useApproveDeposit, useRejectDeposit } from '../api/money';
import { defaultDiceRolls, formatNumber } from '../format';
import { playerLabel } from './playerCell';
import {
  DecidedElsewhere,
  ModeSwitch,
  ReviewActions,
  requestFacts,
  useOnce,
  wholeNumber,
  type Mode,
} from './reviewParts';
import { Facts } from './ui';

type FieldName = 'dice' | 'gogo' | 'reason';

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
  const once = useOnce();
  const [mode, setMode] = useState<Mode>('approve');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [dice, setDice] = useState(defaultDiceRolls(deposit.suggestedDiceRolls, deposit.usdValue));
  const [gogo, setGogo] = useState('0');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<{ field: FieldName; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = approve.isPending || reject.isPending;
  const diceCount = wholeNumber(dice);
  const gogoAmount = gogo.trim() === '' ? 0 : wholeNumber(gogo);
  const errorOf = (field: FieldName) => (fieldError?.field === field ? fieldError.text : null);

  const next = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (mode === 'approve') {
      if (!(diceCount > 0)) return setFieldError({ field: 'dice', text: validationText.adminDiceRollsRequired });
      if (!(gogoAmount >= 0)) return setFieldError({ field: 'gogo', text: validationText.amountInvalid });
    } else if (reason.trim() === '') {
      return setFieldError({ field: 'reason', text: adminText.reasonRequired });
    }
    setFieldError(null);
    setStep('confirm');
  };

  const confirm = () =>
    once(async () => {
      setError(null);
      try {
        if (mode === 'approve') {
          const result = await approve.mutateAsync({
            transactionId: Number(deposit._id),
            diceRollsCount: diceCount,
            gogoAmount,
            adminNote: note.trim() || null,
          });
          onDone(
            `Deposit #${deposit._id} approved: ${formatNumber(diceCount)} dice rolls` +
              (gogoAmount > 0 ? ` and ${formatNumber(gogoAmount)} GOGO` : '') +
              ` credited to ${playerLabel(result.transaction)}.`,
          );
        } else {
          await reject.mutateAsync({ transactionId: Number(deposit._id), reason: reason.trim() });
          onDone(`Deposit #${deposit._id} rejected.`);
        }
      } catch (err) {
        setError(
          adminErrorText(err, mode === 'approve' ? errorText.approveDepositFailed : errorText.rejectDepositFailed),
        );
      }
    });

  const who = playerLabel(deposit);
  const usdHint =
    deposit.usdValue !== null ? `USD value x 10 = ${defaultDiceRolls(null, deposit.usdValue)}` : undefined;
  return (
    <Modal title={`Review deposit #${deposit._id}`} onClose={onClose} busy={pending} size="wide">
      <Facts items={requestFacts(deposit)} />
      {deposit.userMissing && (
        <Alert kind="error">{errorText.approveDepositFailed}: the player no longer exists.</Alert>
      )}
      {decidedElsewhere && !pending ? (
        <DecidedElsewhere onClose={onClose} />
      ) : step === 'form' ? (
        <form className="form" onSubmit={next} noValidate>
          <ModeSwitch mode={mode} onChange={(m) => (setMode(m), setFieldError(null))} disabled={pending} />
          {mode === 'approve' ? (
            <>
              <div className="admin-grid-2">
                <Field label="Dice rolls to credit" hint={usdHint} error={errorOf('dice')}>
                  {(props) => (
                    <AmountInput {...props} unit="dice" value={dice} onChange={(e) => setDice(e.target.value)} />
                  )}
                </Field>
                <Field label="GOGO amount (optional)" error={errorOf('gogo')}>
                  {(props) => (
                    <AmountInput {...props} unit="GOGO" value={gogo} onChange={(e) => setGogo(e.target.value)} />
                  )}
                </Field>
              </div>
              <TextAreaField
                label="Admin note (optional)"
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </>
          ) : (
            <TextAreaField
              label="Reason"
              error={errorOf('reason')}
              rows={3}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
          <ReviewActions mode={mode} noun="deposit" onCancel={onClose} />
        </form>
      ) : mode === 'approve' ? (
        <ConfirmPanel
          question={adminText.confirmApproveDeposit}
          confirmLabel="Confirm approval"
          busyLabel="Approving..."
          busy={pending}
          error={error}
          onConfirm={confirm}
          onBack={() => setStep('form')}
        >
          {`${who} receives ${formatNumber(diceCount)} dice rolls${gogoAmount > 0 ? ` and ${formatNumber(gogoAmount)} GOGO` : ''}. This cannot be undone.`}
        </ConfirmPanel>
      ) : (
        <ConfirmPanel
          question={adminText.confirmRejectDeposit}
          confirmLabel="Confirm rejection"
          busyLabel="Rejecting..."
          tone="danger"
          busy={pending}
          error={error}
          onConfirm={confirm}
          onBack={() => setStep('form')}
        >
          {`Nothing is credited to ${who}. Reason: ${reason.trim()}`}
        </ConfirmPanel>
      )}
    </Modal>
  );
}
