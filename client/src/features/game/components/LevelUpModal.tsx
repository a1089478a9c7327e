import { gameScreenText } from '@gogo/shared/messages/game';
import { Modal } from '../../../components/Modal';
import { Icon } from '../../../components/Icon';
import './CelebrationCard.css';
import './AchievementModal.css';
import './LevelUpModal.css';

/** A level-up: the full modal, one per level reached, queued with the other celebrations. */
export function LevelUpModal({ level, onClose }: { level: number; onClose: () => void }) {
  return (
    <Modal title={gameScreenText.levelUp.title} onClose={onClose} className="achievement-modal level-up-modal">
      <div className="celebration-card achievement">
        <span className="level-up__badge" aria-hidden="true">
          <Icon name="star" size={22} />
          {level}
        </span>
        <p className="achievement__name">{gameScreenText.levelUp.reached(level)}</p>
        <p className="achievement__desc">{gameScreenText.levelUp.note}</p>
      </div>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onClose}>
          {gameScreenText.awesome}
        </button>
      </div>
    </Modal>
  );
}
