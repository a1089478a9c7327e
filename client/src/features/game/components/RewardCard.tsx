import { gameScreenText } from '@gogo/shared/messages/game';
import { Icon } from '../../../components/Icon';
import './RewardCard.css';

const text = gameScreenText.reward;

/** Dice bought by the player arrived while the board is open (an admin approved the request). */
export function DiceArrivedCard({ count, onClose }: { count: number; onClose: () => void }) {
  return (
    <section className="reward-card is-gain" role="status" data-testid="dice-arrived" onClick={onClose}>
      <span className="reward-card__dice" aria-hidden="true">
        <Icon name="dice" size={34} />
      </span>
      <div className="reward-card__text">
        <p className="reward-card__amount">{text.diceArrived(count)}</p>
        <p className="reward-card__xp">{text.diceArrivedNote}</p>
      </div>
    </section>
  );
}
