import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AdminTransaction, PendingDeposit, PendingWithdrawal, ReviewResult } from '@gogo/shared/api';
import { adminText, errorText, realtimeText, validationText } from '@gogo/shared/messages';
import { adminErrorText } from '../api/http';
import { useApproveDeposit, useApproveWithdrawal, useRejectDeposit, useRejectWithdrawal } from '../api/money';
import { ago, defaultDiceRolls, formatDateTime, formatNumber } from '../format';
import { Dialog, Facts, Field, Notice } from './ui';

type Mode = 'approve' | 'reject';

export function playerLabel(t: AdminTransaction): string {
  return t.userMissing ? `Missing user #${t.userId.id}` : t.userId.username;
}

function requestFacts(t: AdminTransaction): Array<[string, ReactNode]> {
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

/** Approve/Reject switch at the top of a review dialog. */
function ModeSwitch({ mode, onChange, disabled }: { mode: Mode; onChange: (m: Mode) => void; disabled: boolean }) {
  return (
    <div className="segmented" role="radiogroup" aria-label="Decision">
      {(['approve', 'reject'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          className={mode === m ? 'is-active' : ''}
          disabled={disabled}
          onClick={() => onChange(m)}
        >
          {m === 'approve' ? 'Approve' : 'Reject'}
        </button>
      ))}
    </div>
  );
}

/** The second step of every money action: say what will happen, then do it once. */
function ConfirmStep({
  question,
  consequence,
  confirmLabel,
  busyLabel,
  danger,
  pending,
  error,
  onConfirm,
  onBack,
}: {
  question: string;
  consequence: string;
  confirmLabel: string;
  busyLabel: string;
  danger: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <div className="admin-confirm">
      <p className="admin-confirm__question">{question}</p>
      <p>{consequence}</p>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="admin-actions">
        <button type="button" className="button button--ghost" onClick={onBack} disabled={pending}>
          Back
        </button>
        <button
          type="button"
          className={`button ${danger ? 'button--danger' : 'button--primary'}`}
          onClick={onConfirm}
          disabled={pending}
          aria-busy={pending}
          autoFocus
        >
          {pending ? busyLabel : confirmLabel}
        </button>
      </div>
    </div>
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

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The request left the queue while this dialog was open: another admin decided it (pushed live). */
function DecidedElsewhere({ onClose }: { onClose: () => void }) {
  return (
    <>
      <Notice kind="error">{realtimeText.decidedElsewhere}</Notice>
      <div className="admin-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}

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
  const ids = { dice: useId(), gogo: useId(), note: useId(), reason: useId() };
  const approve = useApproveDeposit();
  const reject = useRejectDeposit();
  const once = useOnce();
  const [mode, setMode] = useState<Mode>('approve');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [dice, setDice] = useState(defaultDiceRolls(deposit.suggestedDiceRolls, deposit.usdValue));
  const [gogo, setGogo] = useState('0');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = approve.isPending || reject.isPending;
  const diceCount = wholeNumber(dice);
  const gogoAmount = gogo.trim() === '' ? 0 : wholeNumber(gogo);

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
        let result: ReviewResult;
        if (mode === 'approve') {
          result = await approve.mutateAsync({
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
          result = await reject.mutateAsync({ transactionId: Number(deposit._id), reason: reason.trim() });
          onDone(`Deposit #${deposit._id} rejected.`);
        }
      } catch (err) {
        setError(
          adminErrorText(err, mode === 'approve' ? errorText.approveDepositFailed : errorText.rejectDepositFailed),
        );
      }
    });

  const who = playerLabel(deposit);
  return (
    <Dialog title={`Review deposit #${deposit._id}`} onClose={onClose} busy={pending} wide>
      <Facts items={requestFacts(deposit)} />
      {deposit.userMissing && (
        <Notice kind="error">{errorText.approveDepositFailed}: the player no longer exists.</Notice>
      )}
      {decidedElsewhere && !pending ? (
        <DecidedElsewhere onClose={onClose} />
      ) : step === 'form' ? (
        <form className="form" onSubmit={next} noValidate>
          <ModeSwitch mode={mode} onChange={(m) => (setMode(m), setFieldError(null))} disabled={pending} />
          {mode === 'approve' ? (
            <>
              <div className="admin-grid-2">
                <Field
                  id={ids.dice}
                  label="Dice rolls to credit"
                  hint={
                    deposit.usdValue !== null
                      ? `USD value x 10 = ${defaultDiceRolls(null, deposit.usdValue)}`
                      : undefined
                  }
                  error={fieldError?.field === 'dice' ? fieldError.text : null}
                >
                  <input
                    id={ids.dice}
                    inputMode="numeric"
                    value={dice}
                    onChange={(e) => setDice(e.target.value)}
                    aria-invalid={fieldError?.field === 'dice'}
                  />
                </Field>
                <Field
                  id={ids.gogo}
                  label="GOGO amount (optional)"
                  error={fieldError?.field === 'gogo' ? fieldError.text : null}
                >
                  <input
                    id={ids.gogo}
                    inputMode="numeric"
                    value={gogo}
                    onChange={(e) => setGogo(e.target.value)}
                    aria-invalid={fieldError?.field === 'gogo'}
                  />
                </Field>
              </div>
              <Field id={ids.note} label="Admin note (optional)">
                <textarea
                  id={ids.note}
                  rows={2}
                  maxLength={1000}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
              </Field>
            </>
          ) : (
            <Field id={ids.reason} label="Reason" error={fieldError?.field === 'reason' ? fieldError.text : null}>
              <textarea
                id={ids.reason}
                rows={3}
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={fieldError?.field === 'reason'}
              />
            </Field>
          )}
          <div className="admin-actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={`button ${mode === 'approve' ? 'button--primary' : 'button--danger'}`}>
              {mode === 'approve' ? 'Approve deposit' : 'Reject deposit'}
            </button>
          </div>
        </form>
      ) : mode === 'approve' ? (
        <ConfirmStep
          question={adminText.confirmApproveDeposit}
          consequence={`${who} receives ${formatNumber(diceCount)} dice rolls${gogoAmount > 0 ? ` and ${formatNumber(gogoAmount)} GOGO` : ''}. This cannot be undone.`}
          confirmLabel="Confirm approval"
          busyLabel="Approving..."
          danger={false}
          pending={pending}
          error={error}
          onConfirm={confirm}
          onBack={() => setStep('form')}
        />
      ) : (
        <ConfirmStep
          question={adminText.confirmRejectDeposit}
          consequence={`Nothing is credited to ${who}. Reason: ${reason.trim()}`}
          confirmLabel="Confirm rejection"
          busyLabel="Rejecting..."
          danger
          pending={pending}
          error={error}
          onConfirm={confirm}
          onBack={() => setStep('form')}
        />
      )}
    </Dialog>
  );
}

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
  const ids = { note: useId(), reason: useId() };
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
        setError(
          adminErrorText(
            err,
            mode === 'approve' ? errorText.approveWithdrawalFailed : errorText.rejectWithdrawalFailed,
          ),
        );
      }
    });

  return (
    <Dialog title={`Review withdrawal #${withdrawal._id}`} onClose={onClose} busy={pending} wide>
      <Facts items={requestFacts(withdrawal)} />
      {decidedElsewhere && !pending ? (
        <DecidedElsewhere onClose={onClose} />
      ) : step === 'form' ? (
        <form className="form" onSubmit={next} noValidate>
          <ModeSwitch mode={mode} onChange={(m) => (setMode(m), setFieldError(null))} disabled={pending} />
          {mode === 'approve' ? (
            <Field
              id={ids.note}
              label="Payout reference (admin note)"
              hint="The on-chain transaction or batch of the payout, so the player and the audit can trace it."
            >
              <textarea
                id={ids.note}
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </Field>
          ) : (
            <Field id={ids.reason} label="Reason" error={fieldError}>
              <textarea
                id={ids.reason}
                rows={3}
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={fieldError !== null}
              />
            </Field>
          )}
          <div className="admin-actions">
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={`button ${mode === 'approve' ? 'button--primary' : 'button--danger'}`}>
              {mode === 'approve' ? 'Approve withdrawal' : 'Reject withdrawal'}
            </button>
          </div>
        </form>
      ) : mode === 'approve' ? (
        <ConfirmStep
          question={adminText.confirmApproveWithdrawal}
          consequence={`Confirm only after sending ${withdrawal.formattedAmount} to ${withdrawal.metadata.cryptoAddress ?? 'the address'}. The held amount stays deducted from ${who}.`}
          confirmLabel="Confirm payout"
          busyLabel="Approving..."
          danger={false}
          pending={pending}
          error={error}
          onConfirm={confirm}
          onBack={() => setStep('form')}
        />
      ) : (
        <ConfirmStep
          question={adminText.confirmRejectWithdrawal}
          consequence={`${withdrawal.formattedAmount} goes back to ${who}'s balance. Reason: ${reason.trim()}`}
          confirmLabel="Confirm rejection"
          busyLabel="Rejecting..."
          danger
          pending={pending}
          error={error}
          onConfirm={confirm}
          onBack={() => setStep('form')}
        />
      )}
    </Dialog>
  );
}
