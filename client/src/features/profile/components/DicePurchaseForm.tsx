import type { FormEvent } from 'react';
import { moneyText, validationText } from '@gogo/shared/messages';
import {
  DEFAULT_DICE_PURCHASE,
  DICE_PURCHASE_STEP,
  MIN_DICE_PURCHASE,
  isValidDicePurchaseCount,
  priceKeyOf,
  usdForDiceRolls,
  type CryptoType,
} from '@gogo/shared/rules';
import { parseAmount, validateTxReference } from '@gogo/shared/validation';
import { AmountInput } from '../../../components/AmountInput';
import { Field } from '../../../components/Field';
import { useQuote } from '../api/prices';
import { useDicePurchase } from '../api/dicePurchase';
import { depositErrorText, formatUsd } from '../format';
import { ReceivePanel } from './ReceivePanel';
import { TransferFields } from './TransferFields';
import { RequestFormEnd } from './RequestFormEnd';
import { useRequestForm } from './useRequestForm';
import './DicePurchaseForm.css';

/** The dice purchase mode of the deposit tab (?diceRolls=true): rolls in packs, quoted in USD and the coin. */
export function DicePurchaseForm({ crypto, address }: { crypto: CryptoType; address: string }) {
  const mutation = useDicePurchase();
  const form = useRequestForm(
    { rolls: String(DEFAULT_DICE_PURCHASE), cryptoAddress: '', reference: '', notes: '' },
    validationText.depositLogin,
  );
  const { values, errors, set } = form;

  const count = parseAmount(values.rolls);
  const usd = isValidDicePurchaseCount(count) ? usdForDiceRolls(count) : null;
  const quote = useQuote(usd);
  const cryptoAmount = usd !== null ? (quote.data?.quote[priceKeyOf(crypto)] ?? null) : null;
  const onSubmit = (e: FormEvent) => {
    if (!form.start(e)) return;
    if (usd === null) {
      form.setErrors((prev) => ({ ...prev, rolls: moneyText.dicePurchaseCount }));
      return;
    }
    const badReference = validateTxReference(crypto, values.reference, false);
    if (!form.check(badReference ? { reference: badReference } : {})) return;
    mutation.mutate(
      {
        diceRollsCount: count,
        amount: usd,
        currency: crypto,
        cryptoAmount,
        cryptoAddress: values.cryptoAddress.trim() || undefined,
        reference: values.reference.trim() || undefined,
        notes: values.notes.trim() || undefined,
      },
      form.settle(
        (data) => `${moneyText.purchaseSubmitted} Request #${data.transactionId}.`,
        (v) => ({ ...v, cryptoAddress: '', reference: '', notes: '' }),
        depositErrorText,
      ),
    );
  };

  return (
    <form className="form account-form" onSubmit={onSubmit} noValidate>
      <ReceivePanel
        crypto={crypto}
        address={address}
        exactAmount={cryptoAmount !== null ? `${cryptoAmount} ${crypto}` : null}
      />
      <Field label="Dice rolls" error={errors.rolls}>
        {(props) => (
          <AmountInput
            {...props}
            unit="dice"
            min={MIN_DICE_PURCHASE}
            step={DICE_PURCHASE_STEP}
            value={values.rolls}
            onChange={(e) => set('rolls')(e.target.value)}
          />
        )}
      </Field>
      <dl className="account-quote" aria-live="polite">
        <div>
          <dt>Price</dt>
          <dd data-testid="dice-price-usd">{usd !== null ? `${formatUsd(usd)} USD` : '—'}</dd>
        </div>
        <div>
          <dt>You send</dt>
          <dd data-testid="dice-price-crypto">
            {cryptoAmount !== null ? `${cryptoAmount} ${crypto}` : quote.isError ? 'Price unavailable' : '—'}
          </dd>
        </div>
      </dl>
      <TransferFields crypto={crypto} required={false} form={form} />
      <RequestFormEnd
        form={form}
        note="notes"
        noteLabel="Notes (optional)"
        pending={mutation.isPending}
        submitLabel="Request dice rolls"
      />
    </form>
  );
}
