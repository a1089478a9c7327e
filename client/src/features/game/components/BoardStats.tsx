import { formatGogo } from '../format';
import { CoinIcon, DiceIcon } from './Icons';

/** Balance and dice left, over the centre panel of the board. */
export function BoardStats({
  balance,
  rollsRemaining,
  showBalance,
}: {
  balance: number | null;
  rollsRemaining: number | null;
  showBalance: boolean;
}) {
  return (
    <div className="board-stats">
      <p className="board-stats__balance">
        <span className="board-stats__label">
          <CoinIcon size={15} /> GOGO balance
        </span>
        <span className="board-stats__value" data-testid="hud-balance">
          {balance === null ? '…' : showBalance ? formatGogo(balance) : '••••'}
        </span>
      </p>
      <p className="board-stats__rolls">
        <DiceIcon size={15} />
        <span data-testid="hud-rolls">{rollsRemaining ?? '…'}</span>
        <span>{rollsRemaining === 1 ? 'dice roll left' : 'dice rolls left'}</span>
      </p>
    </div>
  );
}
