import { useEffect, useRef } from 'react';
import { arrivalText } from '@gogo/shared/messages';
import { Icon } from '../../../components/Icon';
import { celebrateOn } from '../confetti';
import type { ArrivalSource } from '../outcome';
import './RewardCard.css';

/** The moment's headline: what was paid and the dice it brought. */
export function arrivalHeadline(count: number, source: ArrivalSource | null | undefined): string {
  if (source?.type === 'deposit') return arrivalText.depositTitle(source.paid, count);
  if (source?.type === 'purchase') return arrivalText.purchaseTitle(count);
  return arrivalText.diceTitle(count);
}

/**
 * Dice the player paid for arrived while the board is open (an ETH transfer the chain confirmed, or a
 * purchase an admin approved): a moment of its own, bigger than a roll's card, with a burst of
 * confetti, that stays a few seconds and closes on a tap.
 */
export function DiceArrivedCard({
  count,
  source,
  particles,
  onClose,
}: {
  count: number;
  source?: ArrivalSource | null;
  particles: boolean;
  onClose: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!particles || !canvasRef.current) return;
    return celebrateOn(canvasRef.current, 'achievement');
  }, [particles]);
  return (
    <section
      className="reward-card arrival-moment is-gain"
      role="status"
      data-testid="dice-arrived"
      data-source={source?.type ?? 'unknown'}
      onClick={onClose}
    >
      <canvas ref={canvasRef} className="arrival-moment__confetti" aria-hidden="true" />
      <span className="arrival-moment__dice" aria-hidden="true">
        <Icon name="dice" size={56} />
      </span>
      <p className="arrival-moment__title">{arrivalHeadline(count, source)}</p>
      <p className="arrival-moment__note">{arrivalText.note}</p>
      <button
        type="button"
        className="button button--primary arrival-moment__action"
        onClick={(event) => {
          event.stopPropagation();
          onClose();
        }}
      >
        {arrivalText.action}
      </button>
    </section>
  );
}
