import { useState, type CSSProperties } from 'react';
import { gameScreenText } from '@gogo/shared/messages/game';
import { winIntensity } from '../../../game/rollPlan';
import { formatGogo } from '../format';
import { useCountUp } from '../useCountUp';
import { Icon } from '../../../components/Icon';
import { RefillTimer } from './RefillTimer';
import './BoardStats.css';

/**
 * Balance and dice left, over the centre panel of the board. The balance counts up as the coins
 * land in it and drains on a penalty; the final figure is what the server said.
 */
export function BoardStats({
  balance,
  rollsRemaining,
  showBalance,
  animate,
  refill = null,
}: {
  balance: number | null;
  rollsRemaining: number | null;
  /** The dice refill beside the count ("+1 in 12:34", "Full"); none while the state loads or with the refill off. */
  refill?: { deadline: number | null; cap: number; minutes: number; onDue: () => void } | null;
  showBalance: boolean;
  animate: boolean;
}) {
  const { shown, trend } = useCountUp(balance, animate && showBalance);
  // How big the last gain was: the balance pops bigger for a bigger one while it counts up.
  const [last, setLast] = useState({ balance, gain: 0 });
  if (last.balance !== balance) {
    setLast({ balance, gain: balance !== null && last.balance !== null ? balance - last.balance : 0 });
  }
  const pop = { '--pop': (1.08 + winIntensity(last.gain) * 0.3).toFixed(2) } as CSSProperties;
  return (
    <div className="board-stats">
      <p
        className={trend ? `board-stats__balance is-${trend}` : 'board-stats__balance'}
        data-coach="balance"
        style={pop}
      >
        <span className="board-stats__label">
          <Icon name="coin" size={15} /> {gameScreenText.stats.balance}
        </span>
        <span className="board-stats__value" data-testid="hud-balance" data-final={balance ?? undefined}>
          {shown === null ? '…' : showBalance ? formatGogo(shown) : gameScreenText.hidden}
        </span>
      </p>
      <p className="board-stats__rolls">
        <Icon name="dice" size={15} />
        <span data-testid="hud-rolls">{rollsRemaining ?? '…'}</span>
        <span>{gameScreenText.stats.rollsLeft(rollsRemaining ?? 0)}</span>
        {refill && refill.cap > 0 ? <RefillTimer {...refill} /> : null}
      </p>
    </div>
  );
}
