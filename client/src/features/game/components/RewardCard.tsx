import { LAP_BONUS_XP, tileAt } from '@gogo/shared/rules';
import { gameScreenText } from '@gogo/shared/messages/game';
import { tileIconUrl } from '../../../game/assets';
import { TILE_COLORS } from '../../../game/palette';
import type { RewardView } from '../outcome';
import { Icon } from '../../../components/Icon';
import './RewardCard.css';

const text = gameScreenText.reward;

/**
 * The spec's reward modal kept light for ordinary results: a card over the board that closes by
 * itself (useCelebrations), announced politely, never taking focus or blocking the next roll.
 */
export function RewardCard({ reward, onClose }: { reward: RewardView; onClose: () => void }) {
  const tile = tileAt(reward.tileId);
  const tone = reward.amount > 0 ? 'is-gain' : reward.amount < 0 ? 'is-loss' : 'is-even';
  return (
    <section
      className={`reward-card ${tone}`}
      role="status"
      aria-label={text.rolled(reward.die)}
      data-testid="reward-card"
      style={{ borderColor: TILE_COLORS[reward.tileType].css }}
      onClick={onClose}
    >
      <img src={tileIconUrl(tile.icon)} alt="" width={44} height={44} />
      <div className="reward-card__text">
        <p className="reward-card__tile">
          {text.rolled(reward.die)} · <strong>{reward.tileName}</strong>
        </p>
        <p className="reward-card__amount" data-testid="reward-amount">
          {reward.amountText}
        </p>
        <p className="reward-card__xp">
          {text.xp(reward.xpGained)}
          {reward.lapCompleted ? text.lapBonus(LAP_BONUS_XP) : ''}
          {reward.floored ? text.floored : ''}
        </p>
      </div>
    </section>
  );
}

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
