import { useState } from 'react';
import type { PendingWithdrawal } from '@gogo/shared/api';
import { adminText, errorText, treasuryText } from '@gogo/shared/messages';
import { Modal } from '../../../components/Modal';
import { TextAreaField, TextField } from '../../../components/TextField';
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
  const [hash, setHash] = useState('');
  const quote = withdrawal.quote;
  const coin = withdrawal.metadata.cryptoType ?? '';
  const payment = quote.cryptoAmount !== null ? `${quote.cryptoAmount} ${coin}` : withdrawal.formattedAmount;
  const flow = useReviewFlow(initialMode, () => null);
  const pending = approve.isPending || reject.isPending;
  const who = playerLabel(withdrawal);

  const confirm = () =>
    flow.mode === 'approve'
      ? flow.run(async () => {
          // The server checks an on-chain payout against the quote at today's price.
          await approve.mutateAsync({
            transactionId: withdrawal.transactionId!,
            adminNote: note.trim() || null,
            ...(hash.trim() ? { transactionHash: hash.trim() } : {}),
          });
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
          <>
            <p data-testid="review-quote">
              {quote.cryptoAmount !== null && quote.coinPriceUsd !== null
                ? treasuryText.quoteCrypto(quote.cryptoAmount, coin, quote.coinPriceUsd)
                : treasuryText.quoteNoPrice(coin || 'the coin')}{' '}
              ({treasuryText.quoteUsd(quote.usdValue, quote.redemptionPriceUsd)})
            </p>
            {quote.overBudget && <p className="admin-muted">{treasuryText.overBudgetNote}</p>}
            <TextField
              label="Payout transaction hash"
              hint="ETH, USDT and USDC payouts are checked on chain against the quoted amount."
              value={hash}
              onChange={(e) => setHash(e.target.value)}
              spellCheck={false}
              autoComplete="off"
            />
            <TextAreaField
              label="Payout reference (admin note)"
              hint="The on-chain transaction or batch of the payout, so the player and the audit can trace it."
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
                question: adminText.confirmApproveWithdrawal,
                consequence: `Confirm only after sending ${payment} to ${withdrawal.metadata.cryptoAddress ?? 'the address'}. The held amount stays deducted from ${who}.`,
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
