import { useState, type FormEvent } from 'react';
import { gogoValueText, linkedWalletText, moneyText, productionText, walletText } from '@gogo/shared/messages';
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
import { useGogoValue } from '../../../lib/gogoValue';
import { formatUsd } from '../../../lib/plainFormat';
import { useBalance } from '../api/balance';
import { useLinkedWallet } from '../api/wallet';
import { useWithdrawalRequest } from '../api/withdrawalRequest';
import { formatInt, withdrawalErrorText } from '../format';
import { RequestFormEnd } from './RequestFormEnd';
import { useRequestForm } from './useRequestForm';

const empty = { amount: '', cryptoAddress: '', note: '', currentPassword: '' };
const coinOptions = CRYPTO_TYPES.map((c) => ({ value: c, label: c }));
/** The coins a linked (EVM) wallet receives: their payouts go to it unless the player types another. */
const LINKED_COINS: ReadonlySet<string> = new Set(['ETH', 'USDT', 'USDC']);

/**
 * Withdraw tab: whole GOGO, at least 100, at most the balance; the amount is held on submit. The
 * payout coin has no default: the player picks it, and the address must have that coin's shape
 * (CHANGELOG.md). With a linked wallet, ETH, USDT and USDC payouts are addressed to it; another
 * address asks for the password again (the server starts the change cooldown).
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
  // GOGO won with free dice waits for $10 of approved deposits in total: the server says how much may go now.
  const available = balance.data ? Math.min(balance.data.withdrawable, balance.data.balance) : null;
  const held = balance.data?.pendingWithdrawals ?? 0;
  const value = useGogoValue();
  const amountNumber = Number.isSafeInteger(Number(values.amount)) ? Number(values.amount) : 0;
  const linked = useLinkedWallet().data?.wallet?.address ?? null;
  const linkedCoin = linked !== null && crypto !== '' && LINKED_COINS.has(crypto);
  // Addresses compare without case: the linked one shows its EIP-55 checksum, a typed one may not.
  const otherAddress = linkedCoin && values.cryptoAddress.trim().toLowerCase() !== linked.toLowerCase();

  const chooseCoin = (coin: CryptoType | '') => {
    setCrypto(coin);
    setErrors((prev) => ({ ...prev, crypto: undefined, cryptoAddress: undefined }));
    // The linked wallet is the default payout address of its coins, until the player types another.
    if (linked !== null && LINKED_COINS.has(coin) && values.cryptoAddress.trim() === '') {
      set('cryptoAddress')(linked);
    }
  };

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
    if (otherAddress && values.currentPassword === '')
      next.currentPassword = linkedWalletText.otherAddressNeedsPassword;
    if (!form.check(next) || crypto === '') return;
    mutation.mutate(
      {
        amount,
        cryptoType: crypto,
        cryptoAddress: values.cryptoAddress.trim(),
        note: values.note.trim() || undefined,
        ...(otherAddress ? { currentPassword: values.currentPassword } : {}),
      },
      form.settle(
        (data) => `${moneyText.withdrawalSubmitted} Request #${data.transactionId}: ${formatInt(data.amount)} GOGO.`,
        () => ({ ...empty, cryptoAddress: linkedCoin && linked !== null ? linked : '' }),
        (err) => {
          const notVerified = err instanceof ApiError && err.status === 403 && err.code === 'EMAIL_NOT_VERIFIED';
          setUnverified(notVerified);
          // A wrong password is shown at its field only.
          if (err instanceof ApiError && err.code === 'INVALID_PASSWORD') {
            setErrors((prev) => ({ ...prev, currentPassword: err.message }));
            return '';
          }
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
        {value && (
          <p className="account-explainer__figures" data-testid="withdraw-value">
            {gogoValueText.withdrawWorth(
              formatInt(amountNumber > 0 ? amountNumber : (available ?? 0)),
              formatUsd(value.valueOf(amountNumber > 0 ? amountNumber : (available ?? 0))),
              value.price,
            )}
          </p>
        )}
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
          onChange={(e) => chooseCoin(e.target.value as CryptoType | '')}
        />
        <TextField
          label={crypto === '' ? 'Your payout address' : `Your ${crypto} address`}
          hint={linkedCoin ? (otherAddress ? linkedWalletText.otherAddressNote : 'Your linked wallet.') : undefined}
          error={errors.cryptoAddress}
          autoComplete="off"
          spellCheck={false}
          value={values.cryptoAddress}
          onChange={(e) => set('cryptoAddress')(e.target.value)}
        />
        {otherAddress ? (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
            value={values.currentPassword}
            onChange={(e) => set('currentPassword')(e.target.value)}
          />
        ) : null}
        {linkedCoin && otherAddress ? (
          <button type="button" className="button button--ghost" onClick={() => set('cryptoAddress')(linked)}>
            Use my linked wallet
          </button>
        ) : null}
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
