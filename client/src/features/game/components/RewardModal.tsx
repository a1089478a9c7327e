import { LAP_BONUS_XP, tileAt } from '@gogo/shared/rules';
import { gameScreenText } from '@gogo/shared/messages/game';
import { Modal } from '../../../components/Modal';
import { tileIconUrl } from '../../../game/assets';
import { TILE_COLORS } from '../../../game/palette';
import type { RewardView } from '../outcome';
import './CelebrationCard.css';
import './RewardModal.css';

const text = gameScreenText.reward;

/** A jackpot: the full reward modal (ordinary results get the light RewardCard). */
export function RewardModal({
  reward,
  canRollAgain,
  onClose,
  onRollAgain,
}: {
  reward: RewardView;
  canRollAgain: boolean;
  onClose: () => void;
  onRollAgain: () => void;
}) {
  const tile = tileAt(reward.tileId);
  const tone = reward.amount > 0 ? 'is-gain' : reward.amount < 0 ? 'is-loss' : '';
  return (
    <Modal
      title={text.jackpot}
      subtitle={text.rolled(reward.die)}
      onClose={onClose}
      className="reward-modal reward-modal--jackpot"
    >
      <div className="celebration-card reward" style={{ borderColor: TILE_COLORS[reward.tileType].css }}>
        <img src={tileIconUrl(tile.icon)} alt="" width={64} height={64} />
        <p className="reward__tile">
          {text.landedOn} <strong>{reward.tileName}</strong>
        </p>
        <p className={`reward__amount ${tone}`} data-testid="reward-amount">
          {reward.amountText}
        </p>
        <p className="reward__xp">{text.xp(reward.xpGained)}</p>
        {reward.lapCompleted ? <p className="reward__note">{text.lapNote(LAP_BONUS_XP)}</p> : null}
        {reward.floored ? <p className="reward__note">{text.flooredNote}</p> : null}
      </div>
      <div className="button-row">
        {canRollAgain ? (
          <button type="button" className="button button--primary" onClick={onRollAgain}>
            {text.rollAgain}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={onClose}>
          {text.continue}
        </button>
      </div>
    </Modal>
  );
}
