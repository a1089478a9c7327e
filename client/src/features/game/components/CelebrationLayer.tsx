import type { Celebration } from '../useCelebrations';
import { DiceArrivedCard } from './RewardCard';
import { RollSummaryCard } from './RollSummaryCard';

/** Shows the head of the celebration queue: one card, never two at once. */
export function CelebrationLayer({
  current,
  canRollAgain,
  particles,
  animate,
  onClose,
  onRollAgain,
}: {
  current: Celebration | null;
  canRollAgain: boolean;
  particles: boolean;
  animate: boolean;
  onClose: (id: number) => void;
  onRollAgain: (id: number) => void;
}) {
  if (!current) return null;
  const close = () => onClose(current.id);
  switch (current.kind) {
    case 'dice-arrived':
      return (
        <DiceArrivedCard
          key={current.id}
          count={current.count}
          source={current.source}
          particles={particles}
          onClose={close}
        />
      );
    case 'summary':
      return (
        <RollSummaryCard
          key={current.id}
          summary={current.summary}
          particles={particles}
          animate={animate}
          canRollAgain={canRollAgain}
          onClose={close}
          onRollAgain={() => onRollAgain(current.id)}
        />
      );
  }
}
