import { messageForError } from '../../../lib/api/errors';
import { useBalance } from '../api/balance';
import { formatInt } from '../format';
import { gogoValueText } from '@gogo/shared/messages';
import { useGogoValue } from '../../../lib/gogoValue';
import { formatUsd } from '../../../lib/plainFormat';

/** GOGO balance and dice rolls, with what pending withdrawals hold. */
export function BalanceSummary() {
  const balance = useBalance();
  const data = balance.data;
  const value = useGogoValue();
  return (
    <section className="account-balances" aria-label="Balances" aria-busy={balance.isPending}>
      <div className="account-balance">
        <span className="account-balance__label">GOGO balance</span>
        <strong className="account-balance__value" data-testid="gogo-balance">
          {data ? formatInt(data.balance) : '—'}
        </strong>
        {data && data.pendingWithdrawals > 0 ? (
          <span className="account-balance__note">{formatInt(data.pendingWithdrawals)} GOGO held for withdrawals</span>
        ) : null}
        {data && value ? (
          <span className="account-balance__note" data-testid="gogo-value">
            {gogoValueText.valueLabel}: <strong>{formatUsd(value.valueOf(data.balance))}</strong> {value.note}
          </span>
        ) : null}
        {data && data.withdrawable < data.balance ? (
          <span className="account-balance__note" data-testid="withdrawable-balance">
            {formatInt(data.withdrawable)} GOGO withdrawable now
          </span>
        ) : null}
      </div>
      <div className="account-balance">
        <span className="account-balance__label">Dice rolls</span>
        <strong className="account-balance__value" data-testid="dice-balance">
          {data ? formatInt(data.diceRollsRemaining) : '—'}
        </strong>
      </div>
      {balance.isError ? (
        <p className="alert alert--error account-balances__error" role="alert">
          {messageForError(balance.error)}
        </p>
      ) : null}
    </section>
  );
}
