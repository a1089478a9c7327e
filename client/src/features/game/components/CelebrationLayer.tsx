import type { Celebration } from '../useCelebrations';
import { AchievementModal } from './AchievementModal';
import { LevelUpModal } from './LevelUpModal';
import { DiceArrivedCard, RewardCard } from './RewardCard';
import { RewardModal } from './RewardModal';

/** Shows the head of the celebration queue: one card or one modal, never two at once. */
export function CelebrationLayer({
  current,
  waiting,
  canRollAgain,
  onClose,
  onRollAgain,
}: {
  current: Celebration | null;
  /** How many wait behind the one showing. */
  waiting: number;
  canRollAgain: boolean;
  onClose: (id: number) => void;
  onRollAgain: (id: number) => void;
}) {
  if (!current) return null;
  const close = () => onClose(current.id);
  switch (current.kind) {
    case 'card':
      return <RewardCard key={current.id} reward={current.reward} onClose={close} />;
    case 'dice-arrived':
      return <DiceArrivedCard key={current.id} count={current.count} onClose={close} />;
    case 'jackpot':
      return (
        <RewardModal
          key={current.id}
          reward={current.reward}
          canRollAgain={canRollAgain && waiting === 0}
          onClose={close}
          onRollAgain={() => onRollAgain(current.id)}
        />
      );
    case 'level-up':
      return <LevelUpModal key={current.id} level={current.level} onClose={close} />;
    case 'achievement':
      return (
        <AchievementModal key={current.id} achievement={current.achievement} remaining={waiting} onClose={close} />
      );
  }
}
