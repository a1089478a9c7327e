import type { FormEvent } from 'react';
import { moneyText, validationText } from '@gogo/shared/messages';
import {
  meetsMinimumDeposit,
  priceKeyOf,
  showsMinimumDepositHint,
  usdValueOf,
  type CryptoType,
} from '@gogo/shared/rules';
import {
  parseAmount,
  validateCryptoAddress,
  validateDepositAmount,
  validateTxReference,
} from '@gogo/shared/validation';
import { AmountInput } from '../../../components/AmountInput';
import { Field } from '../../../components/Field';
import { usePrices } from '../api/prices';
import { useDepositRequest } from '../api/depositRequest';
import { depositErrorText, formatUsd } from '../format';
import { ReceivePanel } from './ReceivePanel';
import { TransferFields } from './TransferFields';
import { RequestFormEnd } from './RequestFormEnd';
import { useRequestForm } from './useRequestForm';

const empty = { amount: '', cryptoAddress: '', reference: '', note: '' };

/** A manual-verification deposit: the amount sent (with its USD value), the sender and the transfer's hash. */
export function DepositForm({ crypto, address }: { crypto: CryptoType; address: string }) {
  const prices = usePrices();
  const mutation = useDepositRequest();
  const form = useRequestForm(empty, validationText.depositLogin);
  const { values, errors, set } = form;

  const amount = parseAmount(values.amount);
  const price = prices.data?.pricesUsd[priceKeyOf(crypto)];
  const usdValue = price !== undefined && Number.isFinite(amount) && amount > 0 ? usdValueOf(amount, price) : null;
  const onSubmit = (e: FormEvent) => {
    if (!form.start(e)) return;
    const next: typeof errors = {};
    const amountError = validateDepositAmount(amount, crypto);
    if (amountError) next.amount = amountError;
    else if (usdValue !== null && !meetsMinimumDeposit(usdValue)) next.amount = validationText.depositMinimum;
    const addressError = validateCryptoAddress(values.cryptoAddress);
    if (addressError) next.cryptoAddress = addressError;
    const referenceError = validateTxReference(crypto, values.reference, true);
    if (referenceError) next.reference = referenceError;
    if (!form.check(next)) return;
    mutation.mutate(
      {
        amount,
        cryptoType: crypto,
        cryptoAddress: values.cryptoAddress.trim(),
        reference: values.reference.trim(),
        note: values.note.trim() || undefined,
      },
      form.settle(
        (data) => `${moneyText.depositSubmitted} Request #${data.transactionId}.`,
        () => empty,
        depositErrorText,
      ),
    );
  };

  const exact =
    Number.isFinite(amount) && validateDepositAmount(amount, crypto) === null ? `${amount} ${crypto}` : null;
  return (
    <form className="form account-form" onSubmit={onSubmit} noValidate>
      <ReceivePanel crypto={crypto} address={address} exactAmount={exact} />
      <Field
        label={`Amount (${crypto})`}
        error={errors.amount}
        hint={
          usdValue !== null || prices.isError ? (
            <>
              {usdValue !== null ? <span data-testid="usd-value">≈ {formatUsd(usdValue)} USD</span> : null}
              {prices.isError ? <span>USD value unavailable right now.</span> : null}
              {showsMinimumDepositHint(usdValue) ? (
                <span className="account-hint--warn">{validationText.depositMinimumHint}</span>
              ) : null}
            </>
          ) : undefined
        }
      >
        {(props) => (
          <AmountInput {...props} unit={crypto} value={values.amount} onChange={(e) => set('amount')(e.target.value)} />
        )}
      </Field>
      <TransferFields crypto={crypto} required form={form} />
      <RequestFormEnd
        form={form}
        note="note"
        noteLabel="Note (optional)"
        pending={mutation.isPending}
        submitLabel="Submit deposit request"
      />
    </form>
  );
}
