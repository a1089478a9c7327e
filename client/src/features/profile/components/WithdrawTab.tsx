import { useState, type FormEvent } from 'react';
import { moneyText, productionText, walletText } from '@gogo/shared/messages';
import { CRYPTO_TYPES, MIN_WITHDRAWAL_GOGO, type CryptoType } from '@gogo/shared/rules';
import {
  parseAmount,
  validateCryptoAddress,
  validatePayoutAddress,
  validateWithdrawalAmount,
} from '@gogo/shared/validation';
import { AmountInput } from '../../../components/AmountInput';
import { Field } from '../../../components/Field';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import { ApiError } from '../../../lib/api/errors';
import { ResendVerification } from '../../../session/ResendVerification';
import { useBalance } from '../api/balance';
import { useWithdrawalRequest } from '../api/withdrawalRequest';
import { formatInt, withdrawalErrorText } from '../format';
import { RequestFormEnd } from './RequestFormEnd';
import { useRequestForm } from './useRequestForm';

const empty = { amount: '', cryptoAddress: '', note: '' };
const coinOptions = CRYPTO_TYPES.map((c) => ({ value: c, label: c }));

/**
 * Withdraw tab: whole GOGO, at least 100, at most the balance; the amount is held on submit. The
 * payout coin has no default: the player picks it, and the address must have that coin's shape
 * (CHANGELOG.md).
 */
export function WithdrawTab() {
  const balance = useBalance();
  const mutation = useWithdrawalRequest();
  const [crypto, setCrypto] = useState<CryptoType | ''>('');
  const form = useRequestForm<typeof empty, 'crypto'>(empty);
  const { values, errors, setErrors, set } = form;
  /** The server's 403 EMAIL_NOT_VERIFIED: its text is shown with a resend button. */
  const [unverified, setUnverified] = useState(false);
  const total = balance.data?.balance ?? null;
  // GOGO won with free dice waits for a first approved deposit: the server says how much may go now.
  const available = balance.data ? Math.min(balance.data.withdrawable, balance.data.balance) : null;
  const held = balance.data?.pendingWithdrawals ?? 0;

  const onSubmit = (e: FormEvent) => {
    form.start(e);
    setUnverified(false);
    const amount = parseAmount(values.amount);
    const next: typeof errors = {};
    const amountError = validateWithdrawalAmount(amount, available);
    if (amountError) next.amount = amountError;
    if (crypto === '') next.crypto = walletText.payoutCoinRequired;
    const addressError =
      crypto === '' ? validateCryptoAddress(values.cryptoAddress) : validatePayoutAddress(crypto, values.cryptoAddress);
    if (addressError) next.cryptoAddress = addressError;
    if (!form.check(next) || crypto === '') return;
    mutation.mutate(
      { amount, cryptoType: crypto, cryptoAddress: values.cryptoAddress.trim(), note: values.note.trim() || undefined },
      form.settle(
        (data) => `${moneyText.withdrawalSubmitted} Request #${data.transactionId}: ${formatInt(data.amount)} GOGO.`,
        () => empty,
        (err) => {
          const notVerified = err instanceof ApiError && err.status === 403 && err.code === 'EMAIL_NOT_VERIFIED';
          setUnverified(notVerified);
          return notVerified ? err.message : withdrawalErrorText(err);
        },
      ),
    );
  };

  return (
    <div className="account-section">
      <div className="account-explainer">
        <h2>Withdraw GOGO</h2>
        <p>
          Withdrawals are processed by hand. Withdraw whole GOGO, at least {MIN_WITHDRAWAL_GOGO}, up to your balance.
          When you submit, the amount is <strong>held</strong>: it leaves your balance at once, so it cannot be spent
          twice. If the request is approved it is paid to your address; if it is rejected, the held GOGO comes back to
          your balance as a refund.
        </p>
        <p className="account-explainer__figures">
          Available: <strong>{available === null ? '—' : `${formatInt(available)} GOGO`}</strong>
          {total !== null && available !== null && available < total ? (
            <>
              {' · '}
              <span data-testid="withdrawable-note">{productionText.withdrawableNote(formatInt(available))}</span>
            </>
          ) : null}
          {held > 0 ? (
            <>
              {' · '}Held for pending withdrawals: <strong>{formatInt(held)} GOGO</strong>
            </>
          ) : null}
        </p>
      </div>
      <form className="form account-form" onSubmit={onSubmit} noValidate>
        <Field label="Amount (GOGO)" error={errors.amount}>
          {(props) => (
            <AmountInput
              {...props}
              unit="GOGO"
              min={1}
              value={values.amount}
              onChange={(e) => set('amount')(e.target.value)}
            />
          )}
        </Field>
        <SelectField
          label="Payout currency"
          error={errors.crypto}
          placeholder="Choose a coin"
          options={coinOptions}
          value={crypto}
          onChange={(e) => {
            setCrypto(e.target.value as CryptoType | '');
            setErrors((prev) => ({ ...prev, crypto: undefined, cryptoAddress: undefined }));
          }}
        />
        <TextField
          label={crypto === '' ? 'Your payout address' : `Your ${crypto} address`}
          error={errors.cryptoAddress}
          autoComplete="off"
          spellCheck={false}
          value={values.cryptoAddress}
          onChange={(e) => set('cryptoAddress')(e.target.value)}
        />
        <RequestFormEnd
          form={form}
          note="note"
          noteLabel="Note (optional)"
          pending={mutation.isPending}
          submitLabel="Request withdrawal"
        >
          {unverified ? <ResendVerification /> : null}
        </RequestFormEnd>
      </form>
    </div>
  );
}
