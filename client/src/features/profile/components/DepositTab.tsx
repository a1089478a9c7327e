import { useId, useState, type FormEvent } from 'react';
import { moneyText, validationText } from '@gogo/shared/messages';
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
import { parseAmount, validateCryptoAddress, validateDepositAmount } from '@gogo/shared/validation';
import { useSession } from '../../../lib/session';
import { CopyButton } from '../../../components/CopyButton';
import { useDepositInfo } from '../api/depositInfo';
import { usePrices, useQuote } from '../api/prices';
import { useDepositRequest } from '../api/depositRequest';
import { useDicePurchase } from '../api/dicePurchase';
import { depositErrorText, formatUsd } from '../format';
import { Field } from './Field';

interface Props {
  diceMode: boolean;
  onDiceModeChange: (on: boolean) => void;
}

/** Deposit tab: a manual-verification deposit, or the dice purchase mode (?diceRolls=true). */
export function DepositTab({ diceMode, onDiceModeChange }: Props) {
  const [crypto, setCrypto] = useState<CryptoType>('USDT');
  const currencyId = useId();
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

      <div className="form__field">
        <label htmlFor={currencyId}>Currency</label>
        <select id={currencyId} value={crypto} onChange={(e) => setCrypto(e.target.value as CryptoType)}>
          {CRYPTO_TYPES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <ReceivingAddress crypto={crypto} />
      {diceMode ? <DicePurchaseForm key={`dice-${crypto}`} crypto={crypto} /> : <DepositForm crypto={crypto} />}
    </div>
  );
}

function ReceivingAddress({ crypto }: { crypto: CryptoType }) {
  const info = useDepositInfo();
  if (info.isPending) return null;
  const address = info.data?.addresses[crypto] ?? null;
  return (
    <div className="account-receive">
      <span className="account-receive__label">Send {crypto} to</span>
      {address ? (
        <div className="account-receive__row">
          <code className="account-receive__address" data-testid="receive-address">
            {address}
          </code>
          <CopyButton value={address} label={`Copy the ${crypto} deposit address`} />
        </div>
      ) : (
        <p className="account-receive__missing">
          No {crypto} deposit address is published yet. Please contact support before sending {crypto}.
        </p>
      )}
    </div>
  );
}

type DepositField = 'amount' | 'cryptoAddress';

function DepositForm({ crypto }: { crypto: CryptoType }) {
  const { token } = useSession();
  const prices = usePrices();
  const mutation = useDepositRequest();
  const [values, setValues] = useState({ amount: '', cryptoAddress: '', transactionHash: '', reference: '', note: '' });
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
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate(
      {
        amount,
        cryptoType: crypto,
        cryptoAddress: values.cryptoAddress.trim(),
        transactionHash: values.transactionHash.trim() || undefined,
        reference: values.reference.trim() || undefined,
        note: values.note.trim() || undefined,
      },
      {
        onSuccess: (data) => {
          setSuccess(`✅ ${moneyText.depositSubmitted} Request #${data.transactionId}.`);
          setValues({ amount: '', cryptoAddress: '', transactionHash: '', reference: '', note: '' });
        },
        onError: (err) => setFormError(depositErrorText(err)),
      },
    );
  };

  const step = depositAmountStep(crypto);
  return (
    <form className="form account-form" onSubmit={onSubmit} noValidate>
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
      <Field
        label="Transaction hash (optional, speeds up verification)"
        input={(props) => (
          <input
            {...props}
            autoComplete="off"
            spellCheck={false}
            value={values.transactionHash}
            onChange={(e) => set('transactionHash')(e.target.value)}
          />
        )}
      />
      <Field
        label="Reference (optional)"
        input={(props) => (
          <input {...props} value={values.reference} onChange={(e) => set('reference')(e.target.value)} />
        )}
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

function DicePurchaseForm({ crypto }: { crypto: CryptoType }) {
  const { token } = useSession();
  const mutation = useDicePurchase();
  const [values, setValues] = useState({
    rolls: String(DEFAULT_DICE_PURCHASE),
    cryptoAddress: '',
    transactionHash: '',
    reference: '',
    notes: '',
  });
  const [rollsError, setRollsError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const count = parseAmount(values.rolls);
  const usd = isValidDicePurchaseCount(count) ? usdForDiceRolls(count) : null;
  const quote = useQuote(usd);
  const cryptoAmount = usd !== null ? (quote.data?.quote[priceKeyOf(crypto)] ?? null) : null;
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'rolls') setRollsError(null);
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
    mutation.mutate(
      {
        diceRollsCount: count,
        amount: usd,
        currency: crypto,
        cryptoAmount,
        cryptoAddress: values.cryptoAddress.trim() || undefined,
        transactionHash: values.transactionHash.trim() || undefined,
        reference: values.reference.trim() || undefined,
        notes: values.notes.trim() || undefined,
      },
      {
        onSuccess: (data) => {
          setSuccess(`✅ ${moneyText.purchaseSubmitted} Request #${data.transactionId}.`);
          setValues((v) => ({ ...v, cryptoAddress: '', transactionHash: '', reference: '', notes: '' }));
        },
        onError: (err) => setFormError(depositErrorText(err)),
      },
    );
  };

  return (
    <form className="form account-form" onSubmit={onSubmit} noValidate>
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
      <Field
        label="Transaction hash (optional, speeds up verification)"
        input={(props) => (
          <input
            {...props}
            autoComplete="off"
            spellCheck={false}
            value={values.transactionHash}
            onChange={(e) => set('transactionHash')(e.target.value)}
          />
        )}
      />
      <Field
        label="Reference (optional)"
        input={(props) => (
          <input {...props} value={values.reference} onChange={(e) => set('reference')(e.target.value)} />
        )}
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
