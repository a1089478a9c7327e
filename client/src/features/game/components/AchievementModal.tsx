import { gameScreenText } from '@gogo/shared/messages/game';
import { Modal } from '../../../components/Modal';
import { achievementIconUrl } from '../../../game/assets';
import { formatGogo } from '../format';
import type { AchievementView } from '../outcome';
import './CelebrationCard.css';
import './AchievementModal.css';

export function AchievementModal({
  achievement,
  remaining,
  onClose,
}: {
  achievement: AchievementView;
  /** More achievements waiting after this one. */
  remaining: number;
  onClose: () => void;
}) {
  return (
    <Modal title={gameScreenText.achievement.title} onClose={onClose} className="achievement-modal">
      <div className="celebration-card achievement">
        <img src={achievementIconUrl(achievement.icon)} alt="" width={88} height={88} />
        <p className="achievement__name">{achievement.name}</p>
        {achievement.description ? <p className="achievement__desc">{achievement.description}</p> : null}
        {achievement.reward > 0 ? (
          <p className="achievement__reward">+{formatGogo(achievement.reward)} GOGO</p>
        ) : (
          <p className="achievement__desc">{gameScreenText.achievement.repeat}</p>
        )}
      </div>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onClose}>
          {remaining > 0 ? gameScreenText.next : gameScreenText.awesome}
        </button>
      </div>
    </Modal>
  );
}
