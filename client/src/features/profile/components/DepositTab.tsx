import { useId, useState, type FormEvent } from 'react';
import { historyText, moneyText, validationText, walletText } from '@gogo/shared/messages';
import {
  CRYPTO_TYPES,
  DEFAULT_DICE_PURCHASE,
  DICE_PURCHASE_STEP,
  MIN_DICE_PURCHASE,
  depositAmountStep,
  isValidDicePurchaseCount,
  meetsMinimumDeposit,
  priceKeyOf,
  showsMinimumDepositHint,
  usdForDiceRolls,
  usdValueOf,
  type CryptoType,
} from '@gogo/shared/rules';
import {
  parseAmount,
  validateCryptoAddress,
  validateDepositAmount,
  validateTxReference,
} from '@gogo/shared/validation';
import { inputRuleText, txReferenceShapeText } from '@gogo/shared/messages';
import { useSession } from '../../../lib/session';
import { messageForError } from '../../../lib/api/errors';
import { useDepositInfo } from '../api/depositInfo';
import { usePrices, useQuote } from '../api/prices';
import { useDepositRequest } from '../api/depositRequest';
import { useDicePurchase } from '../api/dicePurchase';
import { depositErrorText, formatUsd } from '../format';
import { Field } from './Field';
import { ReceivePanel } from './ReceivePanel';

interface Props {
  diceMode: boolean;
  onDiceModeChange: (on: boolean) => void;
}

/** The coin to preselect: USDT if it can be paid in, else the first coin with an address. */
function preferredCoin(available: readonly CryptoType[]): CryptoType | null {
  return available.includes('USDT') ? 'USDT' : (available[0] ?? null);
}

/**
 * Deposit tab: a manual-verification deposit, or the dice purchase mode (?diceRolls=true). Only a
 * coin with a published receiving address can be chosen (issue 14): the others are listed as closed.
 */
export function DepositTab({ diceMode, onDiceModeChange }: Props) {
  const info = useDepositInfo();
  const [chosen, setChosen] = useState<CryptoType | null>(null);
  const currencyId = useId();
  const addresses = info.data?.addresses;
  const available = CRYPTO_TYPES.filter((c) => Boolean(addresses?.[c]));
  const closed = CRYPTO_TYPES.filter((c) => !addresses?.[c]);
  const crypto = chosen && available.includes(chosen) ? chosen : preferredCoin(available);
  const address = crypto ? (addresses?.[crypto] ?? null) : null;
  return (
    <div className="account-section">
      <div className="segmented account-mode" role="group" aria-label="Deposit mode">
        <button
          type="button"
          className={diceMode ? '' : 'is-active'}
          aria-pressed={!diceMode}
          onClick={() => onDiceModeChange(false)}
        >
          Deposit
        </button>
        <button
          type="button"
          className={diceMode ? 'is-active' : ''}
          aria-pressed={diceMode}
          onClick={() => onDiceModeChange(true)}
        >
          Purchase Dice Rolls
        </button>
      </div>

      <div className="account-explainer">
        <h2>{diceMode ? 'Buy dice rolls with crypto' : 'Deposit crypto'}</h2>
        <p>
          Deposits are verified by hand. Send the crypto to the address below, then submit this form so that we can
          match your transfer. Nothing is credited until an admin has checked it; the request shows as <em>pending</em>{' '}
          in your transaction history until then.
        </p>
        {diceMode ? (
          <p>
            1 USD buys {DICE_PURCHASE_STEP} dice rolls. Buy at least {MIN_DICE_PURCHASE}, in steps of{' '}
            {DICE_PURCHASE_STEP}.
          </p>
        ) : null}
      </div>

      {info.isPending ? <p className="account-empty">{historyText.loading}</p> : null}
      {info.isError ? (
        <p className="alert alert--error" role="alert">
          {messageForError(info.error)}
        </p>
      ) : null}
      {info.isSuccess && (!crypto || !address) ? (
        <p className="alert alert--error" role="alert" data-testid="no-coin">
          {walletText.noCoinAvailable}
        </p>
      ) : null}
      {crypto && address ? (
        <>
          <div className="form__field">
            <label htmlFor={currencyId}>Currency</label>
            <select id={currencyId} value={crypto} onChange={(e) => setChosen(e.target.value as CryptoType)}>
              {CRYPTO_TYPES.map((c) => (
                <option key={c} value={c} disabled={!available.includes(c)}>
                  {available.includes(c) ? c : `${c} (not available yet)`}
                </option>
              ))}
            </select>
            {closed.length > 0 ? (
              <p className="account-coins-note" data-testid="closed-coins">
                {walletText.unavailableCoinsNote(closed.join(', '))}
              </p>
            ) : null}
          </div>
          {diceMode ? (
            <DicePurchaseForm key={`dice-${crypto}`} crypto={crypto} address={address} />
          ) : (
            <DepositForm crypto={crypto} address={address} />
          )}
        </>
      ) : null}
    </div>
  );
}

type DepositField = 'amount' | 'cryptoAddress' | 'reference';

/** Issue 13: one field for the transfer's transaction id, which the server checks against the coin's shape. */
function ReferenceField(props: {
  crypto: CryptoType;
  required: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={props.required ? 'Transaction hash (reference)' : 'Transaction hash (reference, optional)'}
      error={props.error}
      hint={inputRuleText.referenceHint(props.crypto, txReferenceShapeText(props.crypto))}
      input={(p) => (
        <input
          {...p}
          autoComplete="off"
          spellCheck={false}
          required={props.required}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    />
  );
}

function DepositForm({ crypto, address }: { crypto: CryptoType; address: string }) {
  const { token } = useSession();
  const prices = usePrices();
  const mutation = useDepositRequest();
  const [values, setValues] = useState({ amount: '', cryptoAddress: '', reference: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<DepositField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const amount = parseAmount(values.amount);
  const price = prices.data?.pricesUsd[priceKeyOf(crypto)];
  const usdValue = price !== undefined && Number.isFinite(amount) && amount > 0 ? usdValueOf(amount, price) : null;
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
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
    const next: Partial<Record<DepositField, string>> = {};
    const amountError = validateDepositAmount(amount, crypto);
    if (amountError) next.amount = amountError;
    else if (usdValue !== null && !meetsMinimumDeposit(usdValue)) next.amount = validationText.depositMinimum;
    const addressError = validateCryptoAddress(values.cryptoAddress);
    if (addressError) next.cryptoAddress = addressError;
    const referenceError = validateTxReference(crypto, values.reference, true);
    if (referenceError) next.reference = referenceError;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate(
      {
        amount,
        cryptoType: crypto,
        cryptoAddress: values.cryptoAddress.trim(),
        reference: values.reference.trim(),
        note: values.note.trim() || undefined,
      },
      {
        onSuccess: (data) => {
          setSuccess(`✅ ${moneyText.depositSubmitted} Request #${data.transactionId}.`);
          setValues({ amount: '', cryptoAddress: '', reference: '', note: '' });
        },
        onError: (err) => setFormError(depositErrorText(err)),
      },
    );
  };

  const step = depositAmountStep(crypto);
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
        input={(props) => (
          <input
            {...props}
            type="number"
            inputMode="decimal"
            min={0}
            step={step === 'any' ? 'any' : String(step)}
            value={values.amount}
            onChange={(e) => set('amount')(e.target.value)}
          />
        )}
      />
      <Field
        label="Your sending address"
        error={errors.cryptoAddress}
        input={(props) => (
          <input
            {...props}
            autoComplete="off"
            spellCheck={false}
            value={values.cryptoAddress}
            onChange={(e) => set('cryptoAddress')(e.target.value)}
          />
        )}
      />
      <ReferenceField
        crypto={crypto}
        required
        value={values.reference}
        error={errors.reference}
        onChange={set('reference')}
      />
      <Field
        label="Note (optional)"
        input={(props) => (
          <textarea {...props} rows={2} value={values.note} onChange={(e) => set('note')(e.target.value)} />
        )}
      />
      {formError ? (
        <p className="alert alert--error" role="alert">
          {formError}
        </p>
      ) : null}
      {success ? (
        <p className="alert alert--success" role="status">
          {success}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Submitting...' : 'Submit deposit request'}
      </button>
    </form>
  );
}

function DicePurchaseForm({ crypto, address }: { crypto: CryptoType; address: string }) {
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
      <Field
        label="Dice rolls"
        error={rollsError ?? undefined}
        input={(props) => (
          <input
            {...props}
            type="number"
            inputMode="numeric"
            min={MIN_DICE_PURCHASE}
            step={DICE_PURCHASE_STEP}
            value={values.rolls}
            onChange={(e) => set('rolls')(e.target.value)}
          />
        )}
      />
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
      <Field
        label="Your sending address (recommended)"
        input={(props) => (
          <input
            {...props}
            autoComplete="off"
            spellCheck={false}
            value={values.cryptoAddress}
            onChange={(e) => set('cryptoAddress')(e.target.value)}
          />
        )}
      />
      <ReferenceField
        crypto={crypto}
        required={false}
        value={values.reference}
        error={referenceError ?? undefined}
        onChange={set('reference')}
      />
      <Field
        label="Notes (optional)"
        input={(props) => (
          <textarea {...props} rows={2} value={values.notes} onChange={(e) => set('notes')(e.target.value)} />
        )}
      />
      {formError ? (
        <p className="alert alert--error" role="alert">
          {formError}
        </p>
      ) : null}
      {success ? (
        <p className="alert alert--success" role="status">
          {success}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? 'Submitting...' : 'Request dice rolls'}
      </button>
    </form>
  );
}
