import { useState, type FormEvent } from 'react';
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
import { TextAreaField, TextField } from '../../../components/TextField';
import { useSession } from '../../../lib/session';
import { useQuote } from '../api/prices';
import { useDicePurchase } from '../api/dicePurchase';
import { depositErrorText, formatUsd } from '../format';
import { ReceivePanel } from './ReceivePanel';
import { FormOutcome, ReferenceField } from './ReferenceField';
import './DicePurchaseForm.css';

/** The dice purchase mode of the deposit tab (?diceRolls=true): rolls in packs, quoted in USD and the coin. */
export function DicePurchaseForm({ crypto, address }: { crypto: CryptoType; address: string }) {
  const { token } = useSession();
  const mutation = useDicePurchase();
  const [values, setValues] = useState({
    rolls: String(DEFAULT_DICE_PURCHASE),
    cryptoAddress: '',
    reference: '',
    notes: '',
  });
  const [rollsError, setRollsError] = useState<string | null>(null);
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const count = parseAmount(values.rolls);
  const usd = isValidDicePurchaseCount(count) ? usdForDiceRolls(count) : null;
  const quote = useQuote(usd);
  const cryptoAmount = usd !== null ? (quote.data?.quote[priceKeyOf(crypto)] ?? null) : null;
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'rolls') setRollsError(null);
    if (field === 'reference') setReferenceError(null);
    setSuccess(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    setSuccess(null);
    if (!token) {
      setFormError(validationText.depositLogin);
      return;
    }
    if (usd === null) {
      setRollsError(moneyText.dicePurchaseCount);
      return;
    }
    setRollsError(null);
    const badReference = validateTxReference(crypto, values.reference, false);
    setReferenceError(badReference);
    if (badReference) return;
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
      {
        onSuccess: (data) => {
          setSuccess(`✅ ${moneyText.purchaseSubmitted} Request #${data.transactionId}.`);
          setValues((v) => ({ ...v, cryptoAddress: '', reference: '', notes: '' }));
        },
        onError: (err) => setFormError(depositErrorText(err)),
      },
    );
  };

  return (
    <form className="form account-form" onSubmit={onSubmit} noValidate>
      <ReceivePanel
        crypto={crypto}
        address={address}
        exactAmount={cryptoAmount !== null ? `${cryptoAmount} ${crypto}` : null}
      />
      <Field label="Dice rolls" error={rollsError}>
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
      <TextField
        label="Your sending address (recommended)"
        autoComplete="off"
        spellCheck={false}
        value={values.cryptoAddress}
        onChange={(e) => set('cryptoAddress')(e.target.value)}
      />
      <ReferenceField
        crypto={crypto}
        required={false}
        value={values.reference}
        error={referenceError}
        onChange={set('reference')}
      />
      <TextAreaField
        label="Notes (optional)"
        rows={2}
        value={values.notes}
        onChange={(e) => set('notes')(e.target.value)}
      />
      <FormOutcome error={formError} success={success} />
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Submitting...' : 'Request dice rolls'}
      </button>
    </form>
  );
}
