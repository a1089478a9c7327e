import { Dialog } from '../../../components/Dialog';
import { StarIcon } from './Icons';

/** A level-up: the full modal (issue 14), one per level reached, queued with the other celebrations. */
export function LevelUpModal({ level, onClose }: { level: number; onClose: () => void }) {
  return (
    <Dialog title="Level up!" onClose={onClose} className="achievement-modal level-up-modal">
      <div className="achievement">
        <span className="level-up__badge" aria-hidden="true">
          <StarIcon />
          {level}
        </span>
        <p className="achievement__name">You reached level {level}</p>
        <p className="achievement__desc">Every roll earns XP: keep going for the next level.</p>
      </div>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onClose}>
          Awesome!
        </button>
      </div>
    </Dialog>
  );
}
